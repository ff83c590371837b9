// DeviceAuthorizations and DeviceScreens (native/sim/service/device_authorizations): the rules of
// the device authorization grant that the SDK's own polling never reaches, after RFC 8628 §3.5 and
// §6.1: a poll before the interval is told to slow down and the interval grows by 5 seconds; an
// answered request is spent by the poll that reports it; an expired one answers expired_token
// and is gone; user codes match ignoring case and the dash; a request of another application is
// unknown. Screens: one per owner, closed by owner or by code. Prints "ok", or the first failure.
#include <cstdio>
#include <string>

#include "sim/service/device_authorizations.h"

namespace {

int failures = 0;

void Check(bool condition, const char* what) {
  if (!condition && failures++ == 0) std::printf("failed: %s\n", what);
}

using Poll = sim::DeviceAuthorizations::Poll;

}  // namespace

int main() {
  const uint64_t t0 = 1'700'000'000'000ULL;
  const uint64_t interval = sim::DeviceAuthorizations::kIntervalMs;
  sim::DeviceAuthorization out;

  {  // polling: too soon, on time, slowed down
    sim::DeviceAuthorizations requests;
    const sim::DeviceAuthorization request = requests.Issue(7, "openid", t0);
    Check(request.userCode.size() == 9 && request.userCode[4] == '-', "the user code is XXXX-XXXX");
    Check(request.VerificationUriComplete() == "https://discord.com/activate?user_code=" + request.userCode,
          "verification_uri_complete carries the code");
    Check(requests.Take(request.deviceCode, 7, t0 + 1000, &out) == Poll::SlowDown, "a poll before the interval slows down");
    Check(requests.Pending(t0 + 1000).at(0).intervalMs == interval + 5000, "slow_down adds 5 seconds");
    Check(requests.Take(request.deviceCode, 7, t0 + 1000 + interval, &out) == Poll::SlowDown,
          "the longer interval counts from the last poll");
    Check(requests.Take(request.deviceCode, 7, t0 + 1000 + interval + interval + 10000, &out) == Poll::Pending,
          "a poll after the interval is pending");
    Check(requests.Pending(t0 + 30000).at(0).polls == 3, "every poll counts");
    Check(requests.Take(request.deviceCode, 8, t0 + 60000, &out) == Poll::Unknown, "another application's code is unknown");
    Check(requests.Take("nope", 7, t0 + 60000, &out) == Poll::Unknown, "an unknown code");
  }

  {  // answers: case and dash ignored; approved and denied are spent by the poll that reports them
    sim::DeviceAuthorizations requests;
    const sim::DeviceAuthorization a = requests.Issue(7, "openid", t0);
    const sim::DeviceAuthorization b = requests.Issue(7, "openid sdk.social_layer", t0);
    std::string typed;
    for (char c : a.userCode) {
      if (c != '-') typed += static_cast<char>(c - 'A' + 'a');
    }
    Check(requests.Answer(typed, 42, true, t0 + 1000), "the code is matched ignoring case and the dash");
    Check(!requests.Answer(a.userCode, 42, true, t0 + 1000), "an answered request is no longer pending");
    Check(requests.Pending(t0 + 1000).size() == 1, "one left pending");
    Check(requests.Take(a.deviceCode, 7, t0 + interval, &out) == Poll::Approved && out.userId == 42 && out.scopes == "openid",
          "approved: the user and the scopes");
    Check(requests.Take(a.deviceCode, 7, t0 + 2 * interval, &out) == Poll::Unknown, "an approved code is spent");
    Check(requests.Answer(b.userCode, 42, false, t0 + 1000), "deny");
    Check(requests.Take(b.deviceCode, 7, t0 + interval, &out) == Poll::Denied, "denied");
    Check(requests.Take(b.deviceCode, 7, t0 + 2 * interval, &out) == Poll::Unknown, "a denied code is spent");
  }

  {  // expiry; cancel
    sim::DeviceAuthorizations requests;
    const sim::DeviceAuthorization a = requests.Issue(7, "openid", t0);
    const sim::DeviceAuthorization b = requests.Issue(7, "openid", t0);
    const uint64_t end = t0 + sim::DeviceAuthorizations::kExpiresInMs;
    Check(!requests.Answer(a.userCode, 42, true, end), "an expired request cannot be answered");
    Check(requests.Pending(end).empty(), "expired requests are not pending");
    Check(requests.Take(a.deviceCode, 7, end, &out) == Poll::Expired, "expired_token");
    Check(requests.Take(a.deviceCode, 7, end, &out) == Poll::Unknown, "then gone");
    requests.Cancel(b.deviceCode);
    Check(requests.Take(b.deviceCode, 7, t0 + interval, &out) == Poll::Unknown, "a cancelled request is gone");
  }

  {  // screens
    sim::DeviceScreens screens;
    auto* first = reinterpret_cast<sim::Session*>(0x10);
    auto* second = reinterpret_cast<sim::Session*>(0x20);
    screens.Open({first, 0, 7, "BCDF-GHJK", 1, nullptr});
    screens.Open({second, 0, 7, "LMNP-QRST", 2, nullptr});
    screens.Open({first, 0, 7, "VWXZ-BCDF", 1, nullptr});
    Check(screens.Shown().size() == 2, "one screen per owner");
    Check(screens.Shown().at(0).userCode == "LMNP-QRST", "oldest first; a reopened screen is new");
    Check(!screens.Dismiss("BCDF-GHJK"), "a replaced code shows nowhere");
    Check(screens.Dismiss("VWXZ-BCDF").has_value(), "dismissed by its code");
    Check(!screens.Close(first), "closed already");
    Check(screens.Close(second).has_value() && screens.Shown().empty(), "closed by its owner");
  }

  if (failures == 0) std::printf("ok\n");
  return failures == 0 ? 0 : 1;
}
