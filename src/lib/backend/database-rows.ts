/** The app's rows and RPC answers, refined from the generated ones (database.types.ts says how). */
import type { Tables, TablesInsert, TablesUpdate } from './database.generated';
import type { GeneratedRow, OrNull, Retype } from './database-helpers';

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
/** A link's settings: what the API roles may set when they create a link and change after. */
type GalleryLinkSetting =
  | 'passcode'
  | 'is_active'
  | 'allow_downloads'
  | 'allow_favourites'
  | 'download_size'
  | 'expires_at';
/** The columns the API roles may insert (column grants): not the timestamps or the server's totals. */
export type GalleryLinkInsert = Retype<
  Pick<TablesInsert<'gallery_links'>, 'id' | 'album_id' | 'access_token' | GalleryLinkSetting>,
  { download_size?: LinkDownloadSize }
>;
/** The columns the API roles may update (column grants). */
export type GalleryLinkUpdate = Retype<
  Pick<TablesUpdate<'gallery_links'>, GalleryLinkSetting>,
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

/** A client link as rpc get_gallery_link_by_token answers it (ClientLink is what the app keeps). */
export type ClientLinkFromServer = Retype<
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
