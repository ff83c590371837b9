#include "sim/service/permissions.h"

namespace sim {

uint64_t BasePermissions(const PermissionSubject& subject) {
  if (subject.owner) return kAllPermissions;
  const uint64_t permissions = subject.everyone | subject.rolesAndGrants;
  return (permissions & kAdministrator) ? kAllPermissions : permissions;
}

uint64_t ChannelPermissions(const PermissionSubject& subject, const std::vector<Overwrite>* overwrites) {
  const uint64_t base = BasePermissions(subject);
  // "ADMINISTRATOR overrides any potential permission overwrites".
  if (base & kAdministrator) return kAllPermissions;
  uint64_t permissions = base;
  if (overwrites) {
    auto everyone = [&](const Overwrite& o) { return o.role ? o.userId == subject.guildId : o.userId == 0; };
    for (const Overwrite& o : *overwrites) {
      if (everyone(o)) permissions = (permissions & ~o.deny) | o.allow;
    }
    // The member's roles' overwrites combined: every deny, then every allow.
    uint64_t allow = 0;
    uint64_t deny = 0;
    for (const Overwrite& o : *overwrites) {
      if (o.role && !everyone(o) && subject.roleIds && subject.roleIds->count(o.userId)) {
        allow |= o.allow;
        deny |= o.deny;
      }
    }
    permissions = (permissions & ~deny) | allow;
    for (const Overwrite& o : *overwrites) {
      if (!o.role && o.userId != 0 && o.userId == subject.userId) permissions = (permissions & ~o.deny) | o.allow;
    }
  }
  return (permissions & kViewChannel) ? permissions : 0;
}

}  // namespace sim
