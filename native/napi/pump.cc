#include "napi/pump.h"

#include <chrono>
#include <utility>
#include <variant>

#include "napi/convert.h"

namespace {
// Sets a flag for a scope and puts back what it was (a dispatch may nest inside another).
class FlagScope {
 public:
  explicit FlagScope(bool& flag) : flag_(flag), outer_(flag) { flag_ = true; }
  ~FlagScope() { flag_ = outer_; }
  FlagScope(const FlagScope&) = delete;
  FlagScope& operator=(const FlagScope&) = delete;

 private:
  bool& flag_;
  bool outer_;
};
}  // namespace

Pump::Pump(Napi::Env env)
    : tsfn_(Tsfn::New(env, "social-sdk-node pump", 0, 1, this)),
      queue_([this] { Wake(); }) {
  tsfn_.Unref(env);  // nothing keeps the loop alive until JS says so (SetKeepAlive)
}

void Pump::SetDispatcher(Napi::Function dispatcher, Napi::Function scheduleTurn) {
  dispatcher_ = Napi::Persistent(dispatcher);
  scheduleTurn_ = Napi::Persistent(scheduleTurn);
}

void Pump::SetKeepAlive(Napi::Env env, bool keepAlive) {
  if (shutDown_ || keepAlive == keepAlive_) return;
  keepAlive_ = keepAlive;
  if (keepAlive) {
    tsfn_.Ref(env);
  } else {
    tsfn_.Unref(env);
  }
}

void Pump::Wake() {
  // One outstanding wake is enough: Run() takes everything queued when it starts.
  if (!wakePending_.exchange(true)) tsfn_.NonBlockingCall();
}

void Pump::OnWake(Napi::Env env, Napi::Function, Pump* pump, std::nullptr_t*) {
  if (env == nullptr) return;  // the environment is going away
  // A turn is already scheduled: it takes whatever this wake was for. Running now would defeat
  // the yield (Node runs queued thread-safe calls back to back, without turning the loop).
  if (pump->turnScheduled_) return;
  pump->Run(env);
}

void Pump::Continue(Napi::Env env) {
  turnScheduled_ = false;
  Run(env);
}

void Pump::Run(Napi::Env env) {
  if (shutDown_) return;
  // A polled backend's callbacks post to the queue while it is polled, before the wake flag is
  // cleared, so they cost no second wake and are taken below.
  queue_.Poll();
  wakePending_.store(false);
  ++turns_;
  Napi::HandleScope scope(env);
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  // A turn nested in a dispatch (a listener draining the pump) runs to its end: the outer turn
  // owns the unfinished blocks.
  const bool sliced = sliced_ && !dispatching_;
  const auto spent = [&] { return sliced && Clock::now() - start >= kTurnBudget; };
  bool delivering = true;
  bool overBudget = false;
  std::vector<sdk::CallbackQueue::Block> blocks;
  size_t b = 0;
  size_t i = 0;
  if (!unfinished_.empty() && !dispatching_) {
    blocks = std::move(unfinished_);
    unfinished_.clear();
    b = resumeBlock_;
    i = resumeIndex_;
  } else {
    // Taking only one turn's worth keeps the rest in the queue, where it counts against the bound
    // its producers wait on.
    blocks = queue_.Take(kCallbacksPerTurn, std::move(ran_));
  }
  // The clock is read after each batch handed over and every 256 callbacks: a read per callback
  // would cost a fan-out's cheap callbacks a fifth more.
  size_t sinceCheck = 0;
  for (; b < blocks.size() && !overBudget; ++b, i = 0) {
    auto& block = blocks[b];
    for (; i < block.size();) {
      block[i++]();
      // A callback may emit several events (a run of log lines): hand over every full batch.
      const size_t limit = BatchLimit();
      bool handedOver = false;
      while (delivering && batch_.size() >= limit) {
        delivering = Deliver(env, limit);
        handedOver = true;
      }
      if (handedOver || ++sinceCheck >= 256) {
        // Counted again from here: a turn under budget once read the clock after every
        // callback past its 256th (an eighth of a lobby delivery's time on the JS thread).
        sinceCheck = 0;
        if (spent()) {
          overBudget = true;
          break;
        }
      }
    }
    if (overBudget) break;
  }
  if (overBudget) {
    // Resume where this turn stopped; a block it finished is skipped.
    if (b < blocks.size() && i >= blocks[b].size()) ++b, i = 0;
    if (b < blocks.size()) {
      unfinished_ = std::move(blocks);
      resumeBlock_ = b;
      resumeIndex_ = i;
    }
  }
  if (unfinished_.empty()) {
    for (auto& block : blocks) block.clear();  // the callbacks' captures go now, not next turn
    if (!blocks.empty()) ran_ = std::move(blocks);
  }
  // Events left over (a partial batch, or what a failed delivery could not hand over), within
  // the budget; the rest goes first next turn.
  while (delivering && !batch_.empty() && !(overBudget = overBudget || spent())) {
    const size_t limit = BatchLimit();
    delivering = Deliver(env, batch_.size() < limit ? batch_.size() : limit);
  }
  const bool leftOver = !queue_.Empty() || !unfinished_.empty() || (delivering && !batch_.empty());
  if (leftOver && !turnScheduled_ && !scheduleTurn_.IsEmpty()) {
    turnScheduled_ = true;
    scheduleTurn_.Call({});
  }
}

size_t Pump::BatchLimit() const {
  if (perEvent_) return 1;
  return sliced_ ? batchLimit_ : kMaxBatch;
}

bool Pump::Deliver(Napi::Env env, size_t count) {
  if (dispatcher_.IsEmpty()) {
    batch_.clear();
    return true;
  }
  Napi::HandleScope scope(env);
  ++batches_;
  // One Int32Array with the numeric fields of every event (kJsEventInts each), then one argument
  // per event: its payload (log text, failure, ...) or undefined. A batch so costs a handful of
  // N-API calls plus one per payload, rather than an object with named properties per event.
  Napi::ArrayBuffer buffer = IntsBuffer(env);
  auto* ints = static_cast<int32_t*>(buffer.Data());
  std::vector<napi_value>& arguments = arguments_;
  arguments.clear();
  arguments.push_back(Napi::Int32Array::New(env, count * kJsEventInts, buffer, 0));
  const napi_value undefined = env.Undefined();
  PayloadConverter converter(env, recentMessages_);
  try {
    for (size_t i = 0; i < count; ++i) {
      const JsEvent& event = batch_[i];
      int32_t* slot = ints + i * kJsEventInts;
      slot[0] = static_cast<int32_t>(event.kind);
      slot[1] = static_cast<int32_t>(event.client);
      slot[2] = event.a;
      slot[3] = event.b;
      slot[4] = event.c;
      const bool none = std::holds_alternative<std::monostate>(event.payload);
      arguments.push_back(none ? undefined : static_cast<napi_value>(converter.Convert(event)));
    }
  } catch (const Napi::Error& error) {
    // Only JS code run by a conversion can throw here: the message factory, which the package's
    // loader hands over, but the raw binding accepts any function. The batch is dropped (kept, it
    // would throw again on every turn and the pump would deliver nothing more) and the error
    // surfaces as an uncaught exception, as a dispatcher's bug does below.
    batch_.erase(batch_.begin(), batch_.begin() + static_cast<std::ptrdiff_t>(count));
    napi_fatal_exception(env, error.Value());
    Wake();
    return false;
  }
  batch_.erase(batch_.begin(), batch_.begin() + static_cast<std::ptrdiff_t>(count));
  const FlagScope dispatching(dispatching_);
  const auto started = std::chrono::steady_clock::now();
  try {
    dispatcher_.Call(arguments);
    // The listeners' pace sizes the next batches: a full batch that took more than half the turn's
    // budget halves them (down to 16 events), one that took less than an eighth doubles them
    // again (up to kMaxBatch). A batch's own cost, not a cost per event: a small batch's time is
    // mostly the JS call itself.
    const auto took = std::chrono::steady_clock::now() - started;
    if (took > kTurnBudget / 2 && count > 16) batchLimit_ = count / 2 < 16 ? 16 : count / 2;
    else if (took < kTurnBudget / 8 && count >= batchLimit_ && batchLimit_ < kMaxBatch) batchLimit_ = batchLimit_ * 2 > kMaxBatch ? kMaxBatch : batchLimit_ * 2;
  } catch (const Napi::Error& error) {
    // The dispatcher isolates listener errors itself, so this is a bug in it: surface it as an
    // uncaught exception ('uncaughtException', or the process ends with it), and come back for
    // whatever is still queued. Rethrowing would not do: inside a thread-safe function's call
    // Node swallows a pending exception with only a deprecation warning.
    napi_fatal_exception(env, error.Value());
    Wake();
    return false;
  }
  return true;
}

Napi::ArrayBuffer Pump::IntsBuffer(Napi::Env env) {
  constexpr size_t kBytes = kMaxBatch * kJsEventInts * sizeof(int32_t);
  // A batch delivered from inside a dispatch (a listener draining the pump) gets its own buffer:
  // the outer batch is still being read. So does one whose buffer JS detached.
  if (!dispatching_ && !ints_.IsEmpty()) {
    Napi::ArrayBuffer kept = ints_.Value();
    if (kept.ByteLength() == kBytes) return kept;
  }
  Napi::ArrayBuffer buffer = Napi::ArrayBuffer::New(env, kBytes);
  if (!dispatching_) ints_ = Napi::Persistent(buffer);
  return buffer;
}

void Pump::Shutdown() {
  shutDown_ = true;
  queue_.SetPoll(nullptr);  // backends clear theirs when their last client closes; this is a backstop
  queue_.Clear();
  ran_.clear();
  unfinished_.clear();
  batch_.clear();
  dispatcher_.Reset();
  scheduleTurn_.Reset();
  ints_.Reset();
  recentMessages_.Clear();
}
