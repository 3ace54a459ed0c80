/**
 * Built chunks only the admin needs: the admin routes (src/app/router.tsx), the admin area
 * (src/app/admin-area.ts: supabase-js, the outbox, its providers) and the upload pipeline.
 * admin-auth is not among them: it is the session check any page makes when this browser
 * holds an admin session. Used by the browser tests and `npm run bench`.
 */
const ADMIN_CHUNK =
  /^(admin-(?!auth-)|start-admin-area|supabase|handlers|login-page|dashboard-page|albums-page|album-detail-page|public-galleries-page|links-page|content-page|services-page|testimonials-page|design-page|settings-page|rendition-worker)/;

/** Whether a built script (its file name, e.g. 'supabase-CSsP06zh.js') belongs to the admin. */
export const isAdminChunk = (fileName: string) => ADMIN_CHUNK.test(fileName);
