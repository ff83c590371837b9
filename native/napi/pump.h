// The callback pump: one per environment. Backends queue callbacks from their threads; the pump
// wakes the JS thread (a thread-safe function, coalesced to one wake per burst), runs the queued
// callbacks there (the vendor RunCallbacks contract), collects the JS events they produce and
// hands them to the JS dispatcher in batches: one JS call per batch, not per event.
//
// Fairness: one turn runs at most kCallbacksPerTurn callbacks, and stops early once it has spent its
// time budget (kTurnBudget) on callbacks and listeners. What is left (callbacks taken but not run,
// events not handed over) waits for the next turn, which JS schedules with setImmediate, so timers
// and I/O run between turns even while a backend floods the queue and the listeners are slow: a
// run of log lines can be 16 events a callback, so a turn of 8,192 callbacks was up to 131,072
// events, seconds of a slow listener's time without the loop turning. A batch is also sized to the
// listeners' measured pace, so that one JS call fits in the budget too.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <vector>

#include <napi.h>

#include "napi/js_event.h"
#include "napi/recent_messages.h"
#include "sdk/callback_queue.h"

class Pump {
 public:
  // Most events one JS call carries; bounds the size of a single batch array.
  static constexpr size_t kMaxBatch = 1024;
  // Most backend callbacks one turn runs before yielding to the event loop.
  static constexpr size_t kCallbacksPerTurn = 8192;
  // Time one turn may spend before it yields to the event loop (our choice: a fifth of a 50 ms
  // frame, so a UI's timers and a server's I/O wait at most about that long behind a flood).
  static constexpr std::chrono::nanoseconds kTurnBudget = std::chrono::milliseconds(10);

  explicit Pump(Napi::Env env);
  Pump(const Pump&) = delete;
  Pump& operator=(const Pump&) = delete;

  sdk::CallbackQueue& queue() { return queue_; }

  // `dispatcher` receives batches; `scheduleTurn` is called (with no arguments) when callbacks are
  // left over, and must arrange for Continue() to be called soon, after the event loop has turned.
  // A batch is `(ints, ...payloads)`: one argument per event, which spares filling an array element
  // by element through N-API (the costliest part of a batch when it did).
  void SetDispatcher(Napi::Function dispatcher, Napi::Function scheduleTurn);
  // The next turn, as scheduled through `scheduleTurn`.
  void Continue(Napi::Env env);
  // Whether the pump keeps the event loop alive (pending operations, connected ref'd clients).
  void SetKeepAlive(Napi::Env env, bool keepAlive);
  // Benchmark baseline: one JS call per event instead of per batch.
  void SetPerEventDelivery(bool perEvent) { perEvent_ = perEvent; }
  // Benchmark baseline: turns without a time budget (only kCallbacksPerTurn bounds them).
  void SetSliced(bool sliced) { sliced_ = sliced; }

  // Turns run and batches handed to JS since the pump started (benchmark figures).
  uint64_t turns() const { return turns_; }
  uint64_t batches() const { return batches_; }

  // A new event at the end of the batch, for the caller to fill in place (the generated
  // Emit<Kind>Event constructors do); nullptr once the pump is shut down. Called from backend
  // callbacks while the pump runs them (JS thread only).
  JsEvent* Add(JsEventKind kind, uint32_t client) {
    if (shutDown_) return nullptr;
    return &batch_.emplace_back(kind, client);
  }

  // Environment teardown: stop delivering, drop what is queued. Backends must have stopped their
  // threads before this is called.
  void Shutdown();

 private:
  static void OnWake(Napi::Env env, Napi::Function, Pump* pump, std::nullptr_t*);
  using Tsfn = Napi::TypedThreadSafeFunction<Pump, std::nullptr_t, &Pump::OnWake>;

  void Wake();
  void Run(Napi::Env env);
  // Delivers batch_[0..count); returns false if the dispatcher threw.
  bool Deliver(Napi::Env env, size_t count);
  // The size of the next batch: kMaxBatch, or fewer when the listeners are slow (see
  // batchLimit_), so that one batch fits in the turn's budget.
  size_t BatchLimit() const;
  // The batch's numeric fields: one buffer of kMaxBatch events, kept and reused from batch to
  // batch. A new ArrayBuffer per batch was an external allocation V8 accounts for, which brought
  // on page faults and early scavenges in a flood. Valid only during the dispatcher's call.
  Napi::ArrayBuffer IntsBuffer(Napi::Env env);

  Tsfn tsfn_;
  std::atomic<bool> wakePending_{false};
  bool turnScheduled_ = false;
  bool shutDown_ = false;
  bool keepAlive_ = false;
  bool perEvent_ = false;
  uint64_t turns_ = 0;
  uint64_t batches_ = 0;
  sdk::CallbackQueue queue_;
  std::vector<JsEvent> batch_;
  bool dispatching_ = false;  // the dispatcher is being called (a nested Deliver must not reuse ints_)
  Napi::Reference<Napi::ArrayBuffer> ints_;
  // The dispatcher's arguments, kept for their capacity. A nested Deliver (from inside the
  // dispatcher's call) refills it only after V8 has taken the outer call's arguments.
  std::vector<napi_value> arguments_;
  // The blocks the last turn ran (their callbacks destroyed), handed back with the next Take.
  std::vector<sdk::CallbackQueue::Block> ran_;
  // Blocks a turn took but stopped in, over its budget: the next turn resumes them at
  // (resumeBlock_, resumeIndex_) before it takes anything newer, so the order is kept.
  std::vector<sdk::CallbackQueue::Block> unfinished_;
  size_t resumeBlock_ = 0;
  size_t resumeIndex_ = 0;
  bool sliced_ = true;
  // The size of the next batch while turns are sliced (see Deliver: it follows the listeners' pace).
  size_t batchLimit_ = kMaxBatch;
  RecentMessages recentMessages_;  // message objects kept across batches (see its header)
  Napi::FunctionReference dispatcher_;
  Napi::FunctionReference scheduleTurn_;
};
