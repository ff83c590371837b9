#include "napi/pump.h"

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
  const size_t limit = perEvent_ ? 1 : kMaxBatch;
  bool delivering = true;
  // Taking only one turn's worth keeps the rest in the queue, where it counts against the bound
  // its producers wait on.
  std::vector<sdk::CallbackQueue::Block> blocks = queue_.Take(kCallbacksPerTurn, std::move(ran_));
  for (auto& block : blocks) {
    for (auto& callback : block) {
      callback();
      // A callback may emit several events (a run of log lines): hand over every full batch.
      while (delivering && batch_.size() >= limit) delivering = Deliver(env, limit);
    }
  }
  for (auto& block : blocks) block.clear();  // the callbacks' captures go now, not next turn
  ran_ = std::move(blocks);
  // Events left over (a partial batch, or what a failed delivery could not hand over).
  while (delivering && !batch_.empty()) {
    delivering = Deliver(env, batch_.size() < limit ? batch_.size() : limit);
  }
  if (!queue_.Empty() && !turnScheduled_ && !scheduleTurn_.IsEmpty()) {
    turnScheduled_ = true;
    scheduleTurn_.Call({});
  }
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
  batch_.erase(batch_.begin(), batch_.begin() + static_cast<std::ptrdiff_t>(count));
  const FlagScope dispatching(dispatching_);
  try {
    dispatcher_.Call(arguments);
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
  batch_.clear();
  dispatcher_.Reset();
  scheduleTurn_.Reset();
  ints_.Reset();
  recentMessages_.Clear();
}
