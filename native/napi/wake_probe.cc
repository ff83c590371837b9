// The physical floor of event latency, for `npm run bench`: a native thread, blocked until JS
// triggers it, calls a JS function through a ThreadSafeFunction and does nothing else. An event's
// idle latency (JS asks the simulator thread, the simulator thread wakes the pump) is two such
// hops plus the work; the bench states it as a ratio to this one.
//
//   const probe = new binding.WakeProbe(() => { /* arrived */ });
//   probe.trigger();   // the thread wakes and calls the function (once per trigger)
//   probe.close();     // joins the thread and lets the process exit; also done at teardown

#include <condition_variable>
#include <mutex>
#include <thread>

#include <napi.h>

#include "napi/addon.h"
#include "napi/wake_probe.h"

namespace {

class WakeProbe : public Napi::ObjectWrap<WakeProbe>, public Closable {
 public:
  static Napi::Function Define(Napi::Env env) {
    return DefineClass(env, "WakeProbe",
                       {InstanceMethod<&WakeProbe::Trigger>("trigger"), InstanceMethod<&WakeProbe::Close>("close")});
  }

  explicit WakeProbe(const Napi::CallbackInfo& info) : Napi::ObjectWrap<WakeProbe>(info) {
    Napi::Env env = info.Env();
    if (info.Length() < 1 || !info[0].IsFunction()) throw Napi::TypeError::New(env, "callback must be a function");
    tsfn_ = Napi::ThreadSafeFunction::New(env, info[0].As<Napi::Function>(), "wakeProbe", 0, 1);
    addon_ = &Addon::Of(env);
    addon_->Track(this);
    thread_ = std::thread([this] { Loop(); });
  }

  ~WakeProbe() override { CloseNative(); }

  void CloseNative() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_) return;
      stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
    // Empty when the constructor threw before making it.
    if (static_cast<napi_threadsafe_function>(tsfn_) != nullptr) tsfn_.Release();
    if (addon_ != nullptr) addon_->Untrack(this);
    addon_ = nullptr;
  }

  void DetachFromAddon() override { addon_ = nullptr; }

 private:
  Napi::Value Trigger(const Napi::CallbackInfo& info) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_) throw Napi::Error::New(info.Env(), "the wake probe is closed");
      ++pending_;
    }
    wake_.notify_one();
    return info.Env().Undefined();
  }

  Napi::Value Close(const Napi::CallbackInfo& info) {
    CloseNative();
    return info.Env().Undefined();
  }

  void Loop() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      wake_.wait(lock, [this] { return stopping_ || pending_ > 0; });
      if (stopping_) return;
      --pending_;
      lock.unlock();
      tsfn_.NonBlockingCall();  // the function is called with no arguments
      lock.lock();
    }
  }

  Napi::ThreadSafeFunction tsfn_;
  Addon* addon_ = nullptr;
  std::mutex mutex_;
  std::condition_variable wake_;
  unsigned pending_ = 0;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace

void RegisterWakeProbe(Napi::Env env, Napi::Object exports) {
  // Under a name of its own: a bench instrument, not part of the API.
  exports.Set("WakeProbe", WakeProbe::Define(env));
}
