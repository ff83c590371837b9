#pragma once

// Names the calling thread, so the addon's threads can be told apart from the runtime's in a
// debugger, `top -H`, /proc/<pid>/task/*/comm, and by tests that count them (a Node version starts
// and ends threads of its own at times of its choosing, so counting all of a process's threads is
// no measure of ours). Linux keeps at most 15 characters. A no-op where there is no such call.

#if defined(__linux__) || defined(__APPLE__)
#include <pthread.h>
#endif

namespace sdk {

inline void NameThisThread(const char* name) {
#if defined(__linux__)
  pthread_setname_np(pthread_self(), name);
#elif defined(__APPLE__)
  pthread_setname_np(name);
#else
  (void)name;
#endif
}

}  // namespace sdk
