/** Query keys of a client's view of a share link (never under 'admin'). */
export const clientKeys = {
  link: (token: string) => ['client-link', token] as const,
  photos: (token: string) => ['client-link', token, 'photos'] as const,
  /** Whether this device saved the album for offline, and its size. */
  offline: (token: string) => ['client-link', token, 'offline'] as const,
};
