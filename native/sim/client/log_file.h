// Client::SetLogDir for the simulated client: its log lines written to `discord.log` in a
// directory. Lines come from any of the client's threads; a write is one locked fputs and flush,
// so a crash loses no line already logged. Lines below the severity, and all lines while no file
// is open, cost one atomic load.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>

#include "generated/sdk_enums.h"

namespace sim {

class LogFile {
 public:
  // The file the vendor names: "The logs will be placed into a file called "discord.log" in the
  // specified directory" (discordpp.h, Client::SetLogDir).
  static constexpr const char* kFileName = "discord.log";

  // Opens `<directory>/discord.log` for lines from `minSeverity` up, replacing the file and any
  // file opened before; an empty directory means beside the library (the addon). None closes it.
  // True when a file is open afterwards. A directory that does not exist is not created.
  bool Open(const std::string& directory, sdk::LogSeverity minSeverity);
  bool Accepts(sdk::LogSeverity severity) const {
    return static_cast<int32_t>(severity) >= minSeverity_.load(std::memory_order_relaxed);
  }
  // Appends `count` copies of the line, stamped with `atMs` (ms since the Unix epoch).
  void Write(sdk::LogSeverity severity, const std::string& message, uint64_t atMs, uint32_t count = 1);

  // The directory beside the library: where this code was loaded from.
  static std::string LibraryDirectory();

 private:
  struct Closer {
    void operator()(std::FILE* file) const { std::fclose(file); }
  };
  // None (5) + 1: accepts nothing.
  static constexpr int32_t kClosed = static_cast<int32_t>(sdk::LogSeverity::None) + 1;
  std::atomic<int32_t> minSeverity_{kClosed};
  std::mutex mutex_;
  std::unique_ptr<std::FILE, Closer> file_;
};

}  // namespace sim
