/** React Query keys of the collections screens; everything admin lives under 'admin'. */
export const albumKeys = {
  list: () => ['admin', 'albums'] as const,
  detail: (id: string) => ['admin', 'album', id] as const,
  photos: (id: string) => ['admin', 'album', id, 'photos'] as const,
};
