/** Query keys of the home page; under 'site' like every public read (never persisted, kept at sign-out). */
export const homeKeys = {
  content: () => ['site', 'home'] as const,
};
