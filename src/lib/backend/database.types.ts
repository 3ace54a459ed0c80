/**
 * The database as the app uses it. The base is generated from the migrations
 * (database.generated.ts, `npm run types`, the shape `supabase gen types typescript` writes);
 * this file adds only what the generator cannot see, each with the reason:
 *
 * - check constraints: a text column that takes a few values is a union here;
 * - grants: tables the API roles cannot write have `Insert`/`Update` of `never`, and they only
 *   read and write the columns they are granted;
 * - RPC results: a jsonb result has its shape, and a `returns table` column that can be null is
 *   `| null` (Postgres does not record whether it can, so the generator says it cannot);
 * - RPC parameters: one the function takes as null is `| null` (the generator never says so),
 *   and an admin RPC requires the session (its default null only makes the call fail).
 *
 * The rows and RPC answers are in database-rows.ts (exported from here too), the RPCs'
 * signatures in database-functions.ts, the helpers they are written with in database-helpers.ts.
 *
 * tests/integration/generated-types.test.ts fails when the schema changed and the generated
 * file was not made again; `npm run typecheck` then shows what here no longer fits.
 */
import type { Database as GeneratedDatabase } from './database.generated';
import type { AppFunctions } from './database-functions';
import type { Generated, GeneratedFunctions, Retype, Uuid } from './database-helpers';
import type {
  AdminCredentialRow,
  AlbumRow,
  GalleryLinkInsert,
  GalleryLinkRow,
  GalleryLinkUpdate,
  PageContentInsert,
  PageContentRow,
  PageContentUpdate,
  PhotoRow,
  PhotographerProfileRow,
  PhotographerProfileWrite,
  PublicGalleryPhotoRow,
  PublicGalleryRow,
  ServicePackageInsert,
  ServicePackageRow,
  ServicePackageUpdate,
  SiteSettingRow,
  TestimonialInsert,
  TestimonialRow,
  TestimonialUpdate,
} from './database-rows';

export type * from './database-rows';

// ---------------------------------------------------------------------------------------------
// The Database type the clients are made with (client.ts, public-client.ts)
// ---------------------------------------------------------------------------------------------

/** A table the API roles only read: writes go through RPCs (no insert or update grant). */
type ReadOnlyTable<Name extends keyof Generated['Tables'], Row> = {
  Row: Row;
  Insert: never;
  Update: never;
  Relationships: Generated['Tables'][Name]['Relationships'];
};
type WritableTable<Name extends keyof Generated['Tables'], Row, Insert, Update> = {
  Row: Row;
  Insert: Insert;
  Update: Update;
  Relationships: Generated['Tables'][Name]['Relationships'];
};

type AppTables = {
  photographer_profile: WritableTable<
    'photographer_profile',
    PhotographerProfileRow,
    PhotographerProfileWrite,
    PhotographerProfileWrite
  >;
  albums: ReadOnlyTable<'albums', AlbumRow>;
  photos: ReadOnlyTable<'photos', PhotoRow>;
  public_galleries: ReadOnlyTable<'public_galleries', PublicGalleryRow>;
  // gallery_visitor_original(p_entry) is a computed field, selected like a column; the generator
  // adds only those whose row parameter is unnamed (20261124000500_visitor_downloads.sql).
  public_gallery_photos: ReadOnlyTable<
    'public_gallery_photos',
    PublicGalleryPhotoRow & { gallery_visitor_original: string | null }
  >;
  gallery_links: WritableTable<
    'gallery_links',
    GalleryLinkRow,
    GalleryLinkInsert,
    GalleryLinkUpdate
  >;
  page_content: WritableTable<'page_content', PageContentRow, PageContentInsert, PageContentUpdate>;
  service_packages: WritableTable<
    'service_packages',
    ServicePackageRow,
    ServicePackageInsert,
    ServicePackageUpdate
  >;
  testimonials: WritableTable<'testimonials', TestimonialRow, TestimonialInsert, TestimonialUpdate>;
  site_settings: ReadOnlyTable<'site_settings', SiteSettingRow>;
  admin_credentials: ReadOnlyTable<'admin_credentials', AdminCredentialRow>;
};
// link_events and link_favourites are left out of Database below: only the service role
// reaches them; the app reads them through admin_recent_link_activity and admin_list_link_favourites.

type AppViews = {
  public_album_photos: {
    // A view's columns are all nullable to the generator; these come from photos' NOT NULL
    // columns. file_url: the original's address when the album lets visitors download
    // originals, else null. No Insert or Update: the API roles only read the view.
    Row: Retype<
      Generated['Views']['public_album_photos']['Row'],
      {
        id: Uuid;
        album_id: Uuid;
        original_filename: string;
        file_size: number;
        created_at: string;
        sort_order: number;
      }
    >;
    Relationships: Generated['Views']['public_album_photos']['Relationships'];
  };
};

export type Database = {
  __InternalSupabase: GeneratedDatabase['__InternalSupabase'];
  public: {
    Tables: Omit<Retype<Generated['Tables'], AppTables>, 'link_events' | 'link_favourites'>;
    Views: Retype<Generated['Views'], AppViews>;
    Functions: Retype<GeneratedFunctions, AppFunctions>;
    Enums: Generated['Enums'];
    CompositeTypes: Generated['CompositeTypes'];
  };
};

export type RpcName = keyof Database['public']['Functions'];
export type RpcArgs<Name extends RpcName> = Database['public']['Functions'][Name]['Args'];
export type RpcReturns<Name extends RpcName> = Database['public']['Functions'][Name]['Returns'];
