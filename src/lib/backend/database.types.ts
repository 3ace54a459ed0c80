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
 * tests/integration/generated-types.test.ts fails when the schema changed and the generated
 * file was not made again; `npm run typecheck` then shows what here no longer fits.
 */
import type {
  Database as GeneratedDatabase,
  Tables,
  TablesInsert,
  TablesUpdate,
} from './database.generated';

type Uuid = string;
type Generated = GeneratedDatabase['public'];
type GeneratedFunctions = Generated['Functions'];

/** T with some members retyped (each keeps its `?`); naming a member T does not have is an error. */
type Retype<T, Changes extends { [K in keyof Changes]: K extends keyof T ? unknown : never }> = {
  [K in keyof T]: K extends keyof Changes ? Changes[K] : T[K];
};

/** T with some members that can also be null. */
type OrNull<T, K extends keyof T> = { [P in keyof T]: P extends K ? T[P] | null : T[P] };

type GeneratedArgs<Name extends keyof GeneratedFunctions> = GeneratedFunctions[Name]['Args'];
/** One row of a `returns table` / `returns setof` function, as generated. */
type GeneratedRow<Name extends keyof GeneratedFunctions> =
  GeneratedFunctions[Name]['Returns'] extends (infer Row)[] ? Row : never;

/** The signed-in admin's name and session token, which every admin RPC checks. */
type AuthPair = {
  p_username: string;
  p_token: string;
};
/** An admin RPC's parameters: the database defaults the session to null only to refuse the call, so it is required. */
type AdminArgs<Args> = Omit<Args, keyof AuthPair> & AuthPair;

/** The passcode and device of a client link's RPCs: null when there is none (no passcode, device unknown). */
type ClientLinkArgs<Name extends keyof GeneratedFunctions> = OrNull<
  GeneratedArgs<Name>,
  Extract<'p_passcode' | 'p_device', keyof GeneratedArgs<Name>>
>;

// ---------------------------------------------------------------------------------------------
// Values check constraints allow (the generator sees only `text`)
// ---------------------------------------------------------------------------------------------

/** What visitors of a public album or gallery may download (docs/SECURITY.md, class 6). */
export type VisitorDownloads = 'off' | 'web' | 'original';

/** How visitors and clients see the photos: the square grid, or rows of whole photos (issue 20). */
export type PhotoLayout = 'square' | 'whole';

/** What a download gives a client link's clients: the original, or only the 2048 px preview. */
export type LinkDownloadSize = 'original' | 'web';

export type SectionName =
  'hero' | 'intro' | 'about-story' | 'services' | 'testimonials' | 'contact' | 'cta';

export type ServiceIcon = 'Heart' | 'Star' | 'Camera' | 'Sparkles';

export type SiteSettingKey =
  | 'primary_color'
  | 'secondary_color'
  | 'accent_color'
  | 'background_color'
  | 'background_style'
  | 'heading_font'
  | 'body_font'
  | 'hero_background_image'
  | 'hero_background_blur'
  | 'hero_background_opacity'
  | 'contact_method'
  | 'contact_value'
  | 'contact_button_text'
  | 'contact_button_subtitle';

/** The photographer's default client link settings: rows of site_settings that only admins read. */
export type LinkDefaultKey = 'link_require_passcode' | 'link_allow_downloads' | 'link_expiry_days';

/** What a client's page tells the server (rpc record_link_event). */
export type ClientLinkEvent = 'opened' | 'downloaded' | 'downloaded_all';

// ---------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------

export type PhotographerProfileRow = Tables<'photographer_profile'>;
/** The columns the API roles may insert and update (column grants): the timestamps are the database's. */
export type PhotographerProfileWrite = Omit<
  TablesUpdate<'photographer_profile'>,
  'created_at' | 'updated_at'
>;

/**
 * cover_photo_url is kept by the database: the chosen cover's display URL, else the first
 * photo's in order. cover_photo_id is the photo chosen as cover ('Set as cover'); null: the
 * first photo in order.
 */
export type AlbumRow = Retype<
  Tables<'albums'>,
  { visitor_downloads: VisitorDownloads; photo_layout: PhotoLayout }
>;

/** caption: the photographer's caption, the photo's alt text (one line, ≤ 300 characters); null: the filename is. */
export type PhotoRow = Tables<'photos'>;

export type PublicGalleryRow = Retype<
  Tables<'public_galleries'>,
  { visitor_downloads: VisitorDownloads; photo_layout: PhotoLayout }
>;

export type PublicGalleryPhotoRow = Tables<'public_gallery_photos'>;

/** opened_count, last_opened_at and download_count are totals the server keeps (rpc record_link_event). */
export type GalleryLinkRow = Retype<Tables<'gallery_links'>, { download_size: LinkDownloadSize }>;
/** The columns the API roles may insert (column grants): not the timestamps or the server's totals. */
export type GalleryLinkInsert = Retype<
  Pick<
    TablesInsert<'gallery_links'>,
    | 'id'
    | 'album_id'
    | 'access_token'
    | 'passcode'
    | 'is_active'
    | 'allow_downloads'
    | 'allow_favourites'
    | 'download_size'
    | 'expires_at'
  >,
  { download_size?: LinkDownloadSize }
>;
/** The columns the API roles may update (column grants). */
export type GalleryLinkUpdate = Retype<
  Pick<
    TablesUpdate<'gallery_links'>,
    | 'passcode'
    | 'is_active'
    | 'allow_downloads'
    | 'allow_favourites'
    | 'download_size'
    | 'expires_at'
  >,
  { download_size?: LinkDownloadSize }
>;

export type PageContentRow = Retype<
  Tables<'page_content'>,
  { page_name: 'home'; section_name: SectionName }
>;
/** The columns the API roles may insert (column grants): not the timestamps. */
export type PageContentInsert = Retype<
  Omit<TablesInsert<'page_content'>, 'created_at' | 'updated_at'>,
  { page_name?: 'home'; section_name: SectionName }
>;
/** The columns the API roles may update (column grants): a section keeps its id, page and name. */
export type PageContentUpdate = Omit<
  TablesUpdate<'page_content'>,
  'id' | 'page_name' | 'section_name' | 'created_at' | 'updated_at'
>;

export type ServicePackageRow = Retype<Tables<'service_packages'>, { icon_name: ServiceIcon }>;
/** The columns the API roles may insert (column grants): not the timestamps. */
export type ServicePackageInsert = Retype<
  Omit<TablesInsert<'service_packages'>, 'created_at' | 'updated_at'>,
  { icon_name?: ServiceIcon }
>;
/** The columns the API roles may update (column grants). */
export type ServicePackageUpdate = Retype<
  Omit<TablesUpdate<'service_packages'>, 'id' | 'created_at' | 'updated_at'>,
  { icon_name?: ServiceIcon }
>;

export type TestimonialRow = Tables<'testimonials'>;
/** The columns the API roles may insert (column grants): not the timestamps. */
export type TestimonialInsert = Omit<TablesInsert<'testimonials'>, 'created_at' | 'updated_at'>;
/** The columns the API roles may update (column grants). */
export type TestimonialUpdate = Omit<
  TablesUpdate<'testimonials'>,
  'id' | 'created_at' | 'updated_at'
>;

export type SiteSettingRow = Retype<
  Tables<'site_settings'>,
  { setting_key: SiteSettingKey | LinkDefaultKey }
>;

/** The columns the API roles may read (column grants): never the password hash. */
export type AdminCredentialRow = Pick<
  Tables<'admin_credentials'>,
  'id' | 'username' | 'created_at'
>;

// ---------------------------------------------------------------------------------------------
// RPC results
// ---------------------------------------------------------------------------------------------

/** rpc admin_list_albums. */
export type AdminAlbum = Retype<
  OrNull<GeneratedRow<'admin_list_albums'>, 'description' | 'cover_photo_url' | 'preview_photo'>,
  { visitor_downloads: VisitorDownloads; photo_layout: PhotoLayout }
>;
/** rpc admin_get_album. cover_photo_id: the photo chosen as cover; null: the first photo in order is the cover. */
export type AdminAlbumDetail = Retype<
  OrNull<GeneratedRow<'admin_get_album'>, 'description' | 'cover_photo_url' | 'cover_photo_id'>,
  { visitor_downloads: VisitorDownloads; photo_layout: PhotoLayout }
>;
/** rpc admin_list_albums_simple. */
export type AdminAlbumSimple = GeneratedRow<'admin_list_albums_simple'>;
/** rpc admin_list_photos: a photo's columns (not its position) and its album's name. */
export type AdminPhoto = OrNull<
  GeneratedRow<'admin_list_photos'>,
  'thumb_url' | 'preview_url' | 'width' | 'height' | 'caption'
>;
/** rpc admin_list_public_galleries. */
export type AdminPublicGallery = Retype<
  OrNull<GeneratedRow<'admin_list_public_galleries'>, 'description' | 'cover_photo_url'>,
  { visitor_downloads: VisitorDownloads; photo_layout: PhotoLayout }
>;
/**
 * rpc admin_list_gallery_links. favourite_count: photos of the link's album that anyone using
 * it picked; opened_count, last_opened_at, download_count: page loads that showed the photos,
 * the last of them, and downloads (one photo or all).
 */
export type AdminGalleryLink = Retype<
  OrNull<
    GeneratedRow<'admin_list_gallery_links'>,
    'album_description' | 'passcode' | 'expires_at' | 'last_opened_at'
  >,
  { download_size: LinkDownloadSize }
>;
/**
 * One event on a client link, for the dashboard (rpc admin_recent_link_activity). client_name:
 * who gave favourites (as they typed it), null for the other kinds; quantity: how many.
 */
export type LinkActivity = Retype<
  OrNull<GeneratedRow<'admin_recent_link_activity'>, 'client_name'>,
  { kind: ClientLinkEvent | 'favourited' }
>;
/** One pick of a client of a link (rpc admin_list_link_favourites), in the album's order, then by name. */
export type LinkFavourite = OrNull<GeneratedRow<'admin_list_link_favourites'>, 'thumb_url'>;
/** rpc admin_get_dashboard_stats (jsonb). */
export type DashboardStats = {
  albums: number;
  photos: number;
  gallery_links: number;
};
/** One signed-in device of an admin (rpc admin_list_sessions). */
export type AdminSession = OrNull<GeneratedRow<'admin_list_sessions'>, 'user_agent' | 'source'>;

type ClientLinkFromServer = Retype<
  OrNull<GeneratedRow<'get_gallery_link_by_token'>, 'album_description' | 'expires_at'>,
  { photo_layout: PhotoLayout; download_size: LinkDownloadSize }
>;
/**
 * rpc get_gallery_link_by_token. Links saved offline before a column existed lack it:
 * photo_layout (square), allow_favourites (off until online), download_size (original, as then).
 */
export type ClientLink = Omit<
  ClientLinkFromServer,
  'photo_layout' | 'allow_favourites' | 'download_size'
> &
  Partial<Pick<ClientLinkFromServer, 'photo_layout' | 'allow_favourites' | 'download_size'>>;
/**
 * A photo of a client link (rpc get_album_photos_by_token): nothing of the original (file_url
 * and filename null) when the link does not allow downloads or gives web size only.
 */
export type ClientPhoto = OrNull<
  GeneratedRow<'get_album_photos_by_token'>,
  'file_url' | 'filename' | 'thumb_url' | 'preview_url' | 'width' | 'height' | 'caption'
>;

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

type Rpc<Args, Returns> = { Args: Args; Returns: Returns };
/** An admin RPC as generated, with the session required. */
type AdminRpc<Name extends keyof GeneratedFunctions> = Rpc<
  AdminArgs<GeneratedArgs<Name>>,
  GeneratedFunctions[Name]['Returns']
>;

type AppFunctions = {
  // A wrong name or password gives null (no session), which the generator cannot know.
  admin_login: Rpc<OrNull<GeneratedArgs<'admin_login'>, 'p_device'>, string | null>;
  admin_list_sessions: Rpc<AdminArgs<GeneratedArgs<'admin_list_sessions'>>, AdminSession[]>;
  admin_revoke_session: AdminRpc<'admin_revoke_session'>;
  admin_revoke_other_sessions: AdminRpc<'admin_revoke_other_sessions'>;
  change_admin_password: AdminRpc<'change_admin_password'>;
  create_admin_user: AdminRpc<'create_admin_user'>;
  delete_admin_user: AdminRpc<'delete_admin_user'>;
  // The session of this one is p_admin_username / p_token.
  admin_reset_password: Rpc<
    Omit<GeneratedArgs<'admin_reset_password'>, 'p_admin_username' | 'p_token'> & {
      p_admin_username: string;
      p_token: string;
    },
    GeneratedFunctions['admin_reset_password']['Returns']
  >;
  admin_get_dashboard_stats: Rpc<
    AdminArgs<GeneratedArgs<'admin_get_dashboard_stats'>>,
    DashboardStats
  >;
  admin_list_albums: Rpc<AdminArgs<GeneratedArgs<'admin_list_albums'>>, AdminAlbum[]>;
  admin_list_albums_simple: AdminRpc<'admin_list_albums_simple'>;
  admin_get_album: Rpc<AdminArgs<GeneratedArgs<'admin_get_album'>>, AdminAlbumDetail[]>;
  admin_create_album: Rpc<
    AdminArgs<
      Retype<
        GeneratedArgs<'admin_create_album'>,
        {
          p_description: string | null;
          p_visitor_downloads?: VisitorDownloads | null;
          p_photo_layout?: PhotoLayout | null;
        }
      >
    >,
    GeneratedFunctions['admin_create_album']['Returns']
  >;
  admin_update_album: Rpc<
    AdminArgs<
      Retype<
        GeneratedArgs<'admin_update_album'>,
        {
          p_description: string | null;
          p_is_public?: boolean | null;
          p_visitor_downloads?: VisitorDownloads | null;
          p_photo_layout?: PhotoLayout | null;
        }
      >
    >,
    GeneratedFunctions['admin_update_album']['Returns']
  >;
  admin_delete_album: AdminRpc<'admin_delete_album'>;
  admin_list_photos: Rpc<AdminArgs<GeneratedArgs<'admin_list_photos'>>, AdminPhoto[]>;
  admin_add_photo: Rpc<
    AdminArgs<
      OrNull<
        GeneratedArgs<'admin_add_photo'>,
        'p_width' | 'p_height' | 'p_thumb_url' | 'p_preview_url'
      >
    >,
    GeneratedFunctions['admin_add_photo']['Returns']
  >;
  admin_delete_photo: AdminRpc<'admin_delete_photo'>;
  admin_list_public_galleries: Rpc<
    AdminArgs<GeneratedArgs<'admin_list_public_galleries'>>,
    AdminPublicGallery[]
  >;
  admin_create_public_gallery: Rpc<
    AdminArgs<
      Retype<
        GeneratedArgs<'admin_create_public_gallery'>,
        {
          p_description: string | null;
          p_visitor_downloads?: VisitorDownloads | null;
          p_photo_layout?: PhotoLayout | null;
        }
      >
    >,
    GeneratedFunctions['admin_create_public_gallery']['Returns']
  >;
  admin_update_public_gallery: Rpc<
    AdminArgs<
      Retype<
        GeneratedArgs<'admin_update_public_gallery'>,
        {
          p_description: string | null;
          p_visitor_downloads?: VisitorDownloads | null;
          p_photo_layout?: PhotoLayout | null;
        }
      >
    >,
    GeneratedFunctions['admin_update_public_gallery']['Returns']
  >;
  // null clears the caption / the chosen cover.
  admin_set_photo_caption: Rpc<
    AdminArgs<OrNull<GeneratedArgs<'admin_set_photo_caption'>, 'p_caption'>>,
    GeneratedFunctions['admin_set_photo_caption']['Returns']
  >;
  admin_set_album_cover: Rpc<
    AdminArgs<OrNull<GeneratedArgs<'admin_set_album_cover'>, 'p_photo_id'>>,
    GeneratedFunctions['admin_set_album_cover']['Returns']
  >;
  admin_set_album_photo_order: AdminRpc<'admin_set_album_photo_order'>;
  admin_add_photos_to_gallery: AdminRpc<'admin_add_photos_to_gallery'>;
  admin_delete_public_gallery: AdminRpc<'admin_delete_public_gallery'>;
  admin_list_gallery_links: Rpc<
    AdminArgs<GeneratedArgs<'admin_list_gallery_links'>>,
    AdminGalleryLink[]
  >;
  // p_settings is a jsonb object of setting keys to values (null clears one).
  admin_update_site_settings: Rpc<
    AdminArgs<
      Retype<
        GeneratedArgs<'admin_update_site_settings'>,
        { p_settings: Partial<Record<SiteSettingKey, string | null>> }
      >
    >,
    GeneratedFunctions['admin_update_site_settings']['Returns']
  >;
  admin_save_link_defaults: AdminRpc<'admin_save_link_defaults'>;
  admin_list_link_favourites: Rpc<
    AdminArgs<GeneratedArgs<'admin_list_link_favourites'>>,
    LinkFavourite[]
  >;
  admin_recent_link_activity: Rpc<
    AdminArgs<GeneratedArgs<'admin_recent_link_activity'>>,
    LinkActivity[]
  >;
  get_gallery_link_by_token: Rpc<
    GeneratedArgs<'get_gallery_link_by_token'>,
    ClientLinkFromServer[]
  >;
  // Here the passcode is the point: only the device may be null.
  validate_gallery_passcode: Rpc<
    OrNull<GeneratedArgs<'validate_gallery_passcode'>, 'p_device'>,
    GeneratedFunctions['validate_gallery_passcode']['Returns']
  >;
  get_album_photos_by_token: Rpc<ClientLinkArgs<'get_album_photos_by_token'>, ClientPhoto[]>;
  // null: no photo to show (no link, no photos, or the passcode is missing).
  get_album_cover_by_token: Rpc<ClientLinkArgs<'get_album_cover_by_token'>, string | null>;
  // null: the link gives no downloads.
  get_download_grant: Rpc<ClientLinkArgs<'get_download_grant'>, string | null>;
  // Returns jsonb: the client's favourites after the change.
  sync_favourites_by_token: Rpc<ClientLinkArgs<'sync_favourites_by_token'>, { favourites: Uuid[] }>;
  record_link_event: Rpc<
    Retype<ClientLinkArgs<'record_link_event'>, { p_kind: ClientLinkEvent }>,
    GeneratedFunctions['record_link_event']['Returns']
  >;
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
