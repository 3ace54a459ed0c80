/** React Query keys of the settings screen; everything admin lives under 'admin'. */
export const settingsKeys = {
  profile: () => ['admin', 'profile'] as const,
  adminUsers: () => ['admin', 'admin-users'] as const,
};
