#include "sim/client/log_file.h"

#include <ctime>

#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <dlfcn.h>
#endif

namespace sim {
namespace {

const char* SeverityName(sdk::LogSeverity severity) {
  switch (severity) {
    case sdk::LogSeverity::Verbose: return "verbose";
    case sdk::LogSeverity::Info: return "info";
    case sdk::LogSeverity::Warning: return "warning";
    case sdk::LogSeverity::Error: return "error";
    default: return "none";
  }
}

// "2026-11-27T01:02:03.456Z": the time on the simulator's clock, so a test's lines are stamped
// with the times it set.
std::string Stamp(uint64_t atMs) {
  const std::time_t seconds = static_cast<std::time_t>(atMs / 1000);
  std::tm utc{};
#ifdef _WIN32
  gmtime_s(&utc, &seconds);
#else
  gmtime_r(&seconds, &utc);
#endif
  char text[40];
  const size_t length = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  std::snprintf(text + length, sizeof text - length, ".%03uZ", static_cast<unsigned>(atMs % 1000));
  return text;
}

}  // namespace

std::string LogFile::LibraryDirectory() {
  std::string path;
#ifdef _WIN32
  HMODULE module = nullptr;
  if (GetModuleHandleExA(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                         reinterpret_cast<LPCSTR>(&LogFile::LibraryDirectory), &module)) {
    char buffer[MAX_PATH];
    const DWORD length = GetModuleFileNameA(module, buffer, MAX_PATH);
    path.assign(buffer, length);
  }
  const size_t slash = path.find_last_of("\\/");
#else
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&LogFile::LibraryDirectory), &info) && info.dli_fname) path = info.dli_fname;
  const size_t slash = path.find_last_of('/');
#endif
  return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

bool LogFile::Open(const std::string& directory, sdk::LogSeverity minSeverity) {
  std::lock_guard<std::mutex> lock(mutex_);
  minSeverity_.store(kClosed, std::memory_order_relaxed);
  file_.reset();
  if (minSeverity == sdk::LogSeverity::None) return false;
  const std::string base = directory.empty() ? LibraryDirectory() : directory;
  const char last = base.empty() ? '/' : base.back();
  const std::string path = (last == '/' || last == '\\') ? base + kFileName : base + "/" + kFileName;
  file_.reset(std::fopen(path.c_str(), "w"));
  if (!file_) return false;
  minSeverity_.store(static_cast<int32_t>(minSeverity), std::memory_order_relaxed);
  return true;
}

void LogFile::Write(sdk::LogSeverity severity, const std::string& message, uint64_t atMs, uint32_t count) {
  const std::string line = "[" + Stamp(atMs) + "] [" + SeverityName(severity) + "] " + message + "\n";
  std::lock_guard<std::mutex> lock(mutex_);
  if (!file_ || !Accepts(severity)) return;
  for (uint32_t i = 0; i < count; ++i) std::fputs(line.c_str(), file_.get());
  std::fflush(file_.get());
}

}  // namespace sim
