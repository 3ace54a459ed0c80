/** React Query keys of the settings screen; everything admin lives under 'admin'. */
export const settingsKeys = {
  profile: () => ['admin', 'profile'] as const,
  adminUsers: () => ['admin', 'admin-users'] as const,
  // Outside 'admin' on purpose: the device list is never kept in the offline cache.
  sessions: () => ['admin-sessions'] as const,
};
