/**
 * The database as the API exposes it (supabase/migrations), in the shape `supabase gen types`
 * produces, so every table and RPC call is typed. tests/integration/contract.test.ts checks
 * the RPC names and parameters against the live database.
 */

type Timestamp = string;
type Uuid = string;

type Table<Row, Insert, Update, Relationships extends Relationship[] = []> = {
  Row: Row;
  Insert: Insert;
  Update: Update;
  Relationships: Relationships;
};

type Relationship = {
  foreignKeyName: string;
  columns: string[];
  isOneToOne: boolean;
  referencedRelation: string;
  referencedColumns: string[];
};

export type PhotographerProfileRow = {
  id: Uuid;
  site_name: string | null;
  subtitle: string | null;
  logo_url: string | null;
  social_instagram: string | null;
  social_facebook: string | null;
  social_twitter: string | null;
  social_linkedin: string | null;
  social_website: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type PhotographerProfileWrite = Partial<Omit<PhotographerProfileRow, 'created_at' | 'updated_at'>>;

/** What visitors of a public album or gallery may download (docs/SECURITY.md, class 6). */
export type VisitorDownloads = 'off' | 'web' | 'original';

/** How visitors and clients see the photos: the square grid, or rows of whole photos (issue 20). */
export type PhotoLayout = 'square' | 'whole';

export type AlbumRow = {
  id: Uuid;
  name: string;
  description: string | null;
  /** Kept by the database: the chosen cover's display URL, else the first photo's in order. */
  cover_photo_url: string | null;
  /** The photo chosen as cover ('Set as cover'); null: the first photo in order. */
  cover_photo_id: Uuid | null;
  is_public: boolean;
  visitor_downloads: VisitorDownloads;
  photo_layout: PhotoLayout;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type PhotoRow = {
  id: Uuid;
  album_id: Uuid;
  filename: string;
  file_url: string;
  thumb_url: string | null;
  preview_url: string | null;
  original_filename: string;
  file_size: number;
  width: number | null;
  height: number | null;
  mime_type: string;
  created_at: Timestamp;
  /** The photographer's caption, the photo's alt text (one line, ≤ 300 characters); null: the filename is. */
  caption: string | null;
};

export type PublicGalleryRow = {
  id: Uuid;
  title: string;
  description: string | null;
  is_active: boolean;
  visitor_downloads: VisitorDownloads;
  photo_layout: PhotoLayout;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type PublicGalleryPhotoRow = {
  id: Uuid;
  public_gallery_id: Uuid;
  photo_id: Uuid;
  sort_order: number;
  created_at: Timestamp;
};

export type GalleryLinkRow = {
  id: Uuid;
  album_id: Uuid;
  access_token: string;
  passcode: string | null;
  is_active: boolean;
  allow_downloads: boolean;
  allow_favourites: boolean;
  /** What a download gives the link's clients: the original, or only the 2048 px preview. */
  download_size: LinkDownloadSize;
  expires_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Totals the server keeps (rpc record_link_event); nobody writes them through the API. */
  opened_count: number;
  last_opened_at: Timestamp | null;
  download_count: number;
};
export type LinkDownloadSize = 'original' | 'web';
export type GalleryLinkInsert = {
  id?: Uuid;
  album_id: Uuid;
  access_token: string;
  passcode?: string | null;
  is_active?: boolean;
  allow_downloads?: boolean;
  allow_favourites?: boolean;
  download_size?: LinkDownloadSize;
  expires_at?: Timestamp | null;
};
export type GalleryLinkUpdate = Partial<
  Pick<GalleryLinkRow, 'passcode' | 'is_active' | 'allow_downloads' | 'allow_favourites' | 'download_size' | 'expires_at'>
>;

export type SectionName = 'hero' | 'intro' | 'about-story' | 'services' | 'testimonials' | 'contact' | 'cta';

export type PageContentRow = {
  id: Uuid;
  page_name: 'home';
  section_name: SectionName;
  title: string | null;
  subtitle: string | null;
  content: string | null;
  button_text: string | null;
  button_link: string | null;
  image_url: string | null;
  blur: number | null;
  opacity: number | null;
  sort_order: number;
  is_active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type PageContentInsert = Partial<Omit<PageContentRow, 'section_name' | 'created_at' | 'updated_at'>> & {
  section_name: SectionName;
};
export type PageContentUpdate = Partial<Omit<PageContentRow, 'id' | 'page_name' | 'section_name' | 'created_at' | 'updated_at'>>;

export type ServiceIcon = 'Heart' | 'Star' | 'Camera' | 'Sparkles';

export type ServicePackageRow = {
  id: Uuid;
  name: string;
  whimsical_name: string | null;
  description: string | null;
  price_range: string | null;
  features: string[];
  icon_name: ServiceIcon;
  sort_order: number;
  is_active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type ServicePackageInsert = Partial<Omit<ServicePackageRow, 'name' | 'created_at' | 'updated_at'>> & { name: string };
export type ServicePackageUpdate = Partial<Omit<ServicePackageRow, 'id' | 'created_at' | 'updated_at'>>;

export type TestimonialRow = {
  id: Uuid;
  client_name: string;
  quote: string;
  photo_url: string | null;
  is_active: boolean;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type TestimonialInsert = Partial<Omit<TestimonialRow, 'client_name' | 'quote' | 'created_at' | 'updated_at'>> & {
  client_name: string;
  quote: string;
};
export type TestimonialUpdate = Partial<Omit<TestimonialRow, 'id' | 'created_at' | 'updated_at'>>;

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

export type SiteSettingRow = {
  id: Uuid;
  setting_key: SiteSettingKey | LinkDefaultKey;
  setting_value: string | null;
  updated_at: Timestamp;
};

export type AdminCredentialRow = {
  id: Uuid;
  username: string;
  created_at: Timestamp;
};

export type AdminAlbum = {
  id: Uuid;
  name: string;
  description: string | null;
  cover_photo_url: string | null;
  is_public: boolean;
  visitor_downloads: VisitorDownloads;
  created_at: Timestamp;
  photo_count: number;
  preview_photo: string | null;
  photo_layout: PhotoLayout;
};
export type AdminAlbumDetail = Omit<AdminAlbum, 'preview_photo'> & {
  /** The photo chosen as cover; null: the first photo in order is the cover. */
  cover_photo_id: Uuid | null;
};
export type AdminAlbumSimple = {
  id: Uuid;
  name: string;
  photo_count: number;
  created_at: Timestamp;
};
export type AdminPhoto = PhotoRow & { album_name: string };
export type AdminPublicGallery = {
  id: Uuid;
  title: string;
  description: string | null;
  is_active: boolean;
  visitor_downloads: VisitorDownloads;
  created_at: Timestamp;
  photo_count: number;
  cover_photo_url: string | null;
  photo_layout: PhotoLayout;
};
export type AdminGalleryLink = {
  id: Uuid;
  album_id: Uuid;
  album_name: string;
  album_description: string | null;
  access_token: string;
  passcode: string | null;
  is_active: boolean;
  allow_downloads: boolean;
  expires_at: Timestamp | null;
  created_at: Timestamp;
  allow_favourites: boolean;
  /** Photos of the link's album that anyone using it picked. */
  favourite_count: number;
  download_size: LinkDownloadSize;
  /** Page loads that showed the photos, the last of them, and downloads (one photo or all). */
  opened_count: number;
  last_opened_at: Timestamp | null;
  download_count: number;
};
/** What a client's page tells the server (rpc record_link_event). */
export type ClientLinkEvent = 'opened' | 'downloaded' | 'downloaded_all';
/** One event on a client link, for the dashboard (rpc admin_recent_link_activity). */
export type LinkActivity = {
  id: number;
  link_id: Uuid;
  album_id: Uuid;
  album_name: string;
  kind: ClientLinkEvent | 'favourited';
  /** Who gave favourites (as they typed it); null for the other kinds. */
  client_name: string | null;
  /** How many favourites were given. */
  quantity: number;
  created_at: Timestamp;
};
/** One pick of a client of a link (rpc admin_list_link_favourites), in the album's order, then by name. */
export type LinkFavourite = {
  client_name: string;
  photo_id: Uuid;
  original_filename: string;
  thumb_url: string | null;
  file_url: string;
  file_size: number;
  chosen_at: Timestamp;
};
export type DashboardStats = {
  albums: number;
  photos: number;
  gallery_links: number;
};
export type ClientLink = {
  id: Uuid;
  album_id: Uuid;
  has_passcode: boolean;
  is_active: boolean;
  allow_downloads: boolean;
  expires_at: Timestamp | null;
  album_name: string;
  album_description: string | null;
  /** How the album's photos are laid out. Absent in links saved offline before it existed (square). */
  photo_layout?: PhotoLayout;
  /** Whether clients may pick favourites. Absent in links saved offline before it existed (off until online). */
  allow_favourites?: boolean;
  /** What downloads deliver. Absent in links saved offline before it existed (original, as then). */
  download_size?: LinkDownloadSize;
};
/**
 * A photo of a client link: nothing of the original (file_url and filename null) when the link
 * does not allow downloads or gives web size only.
 */
export type ClientPhoto = Omit<PhotoRow, 'file_url' | 'filename'> & { file_url: string | null; filename: string | null };

/** One signed-in device of an admin (rpc admin_list_sessions). */
export type AdminSession = {
  id: Uuid;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  user_agent: string | null;
  source: string | null;
  is_current: boolean;
};

type AuthPair = {
  p_username: string;
  p_token: string;
};

type Fn<Args, Returns> = {
  Args: Args;
  Returns: Returns;
};

export type Database = {
  __InternalSupabase: { PostgrestVersion: '12' };
  public: {
    Tables: {
      photographer_profile: Table<PhotographerProfileRow, PhotographerProfileWrite, PhotographerProfileWrite>;
      albums: Table<AlbumRow, never, never>;
      photos: Table<
        PhotoRow,
        never,
        never,
        [
          {
            foreignKeyName: 'photos_album_id_fkey';
            columns: ['album_id'];
            isOneToOne: false;
            referencedRelation: 'albums';
            referencedColumns: ['id'];
          },
        ]
      >;
      public_galleries: Table<PublicGalleryRow, never, never>;
      // A computed field (a function of the row, 20261124000500_visitor_downloads.sql) is selected like a column.
      public_gallery_photos: Table<
        PublicGalleryPhotoRow & { gallery_visitor_original: string | null },
        never,
        never,
        [
          {
            foreignKeyName: 'public_gallery_photos_photo_id_fkey';
            columns: ['photo_id'];
            isOneToOne: false;
            referencedRelation: 'photos';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'public_gallery_photos_public_gallery_id_fkey';
            columns: ['public_gallery_id'];
            isOneToOne: false;
            referencedRelation: 'public_galleries';
            referencedColumns: ['id'];
          },
        ]
      >;
      gallery_links: Table<GalleryLinkRow, GalleryLinkInsert, GalleryLinkUpdate>;
      page_content: Table<PageContentRow, PageContentInsert, PageContentUpdate>;
      service_packages: Table<ServicePackageRow, ServicePackageInsert, ServicePackageUpdate>;
      testimonials: Table<TestimonialRow, TestimonialInsert, TestimonialUpdate>;
      site_settings: Table<SiteSettingRow, never, never>;
      admin_credentials: Table<AdminCredentialRow, never, never>;
    };
    Views: {
      public_album_photos: {
        Row: Pick<
          PhotoRow,
          | 'id'
          | 'album_id'
          | 'thumb_url'
          | 'preview_url'
          | 'original_filename'
          | 'file_size'
          | 'width'
          | 'height'
          | 'created_at'
          | 'caption'
        > & {
          /** The original's address when the album lets visitors download originals, else null. */
          file_url: string | null;
          /** Position in the album, set by the photographer's reordering. */
          sort_order: number;
        };
        Relationships: [];
      };
    };
    Functions: {
      admin_login: Fn<{ p_username: string; p_password: string; p_device?: string | null }, string | null>;
      admin_validate_session: Fn<AuthPair, boolean>;
      admin_logout: Fn<AuthPair, boolean>;
      admin_list_sessions: Fn<AuthPair, AdminSession[]>;
      admin_revoke_session: Fn<AuthPair & { p_session_id: Uuid }, boolean>;
      admin_revoke_other_sessions: Fn<AuthPair, number>;
      change_admin_password: Fn<AuthPair & { p_old_password: string; p_new_password: string }, boolean>;
      create_admin_user: Fn<AuthPair & { p_new_username: string; p_new_password: string; p_id?: Uuid }, boolean>;
      delete_admin_user: Fn<AuthPair & { p_target_username: string }, boolean>;
      admin_reset_password: Fn<{ p_admin_username: string; p_token: string; p_target_username: string; p_new_password: string }, boolean>;
      admin_get_dashboard_stats: Fn<AuthPair, DashboardStats>;
      admin_list_albums: Fn<AuthPair, AdminAlbum[]>;
      admin_list_albums_simple: Fn<AuthPair, AdminAlbumSimple[]>;
      admin_get_album: Fn<AuthPair & { p_album_id: Uuid }, AdminAlbumDetail[]>;
      admin_create_album: Fn<
        AuthPair & {
          p_name: string;
          p_description: string | null;
          p_id?: Uuid;
          p_is_public?: boolean;
          p_visitor_downloads?: VisitorDownloads | null;
          p_photo_layout?: PhotoLayout | null;
        },
        Uuid
      >;
      admin_update_album: Fn<
        AuthPair & {
          p_album_id: Uuid;
          p_name: string;
          p_description: string | null;
          p_is_public?: boolean | null;
          p_visitor_downloads?: VisitorDownloads | null;
          p_photo_layout?: PhotoLayout | null;
        },
        boolean
      >;
      admin_delete_album: Fn<AuthPair & { p_album_id: Uuid }, string[]>;
      admin_list_photos: Fn<AuthPair & { p_album_id: Uuid }, AdminPhoto[]>;
      admin_add_photo: Fn<
        AuthPair & {
          p_album_id: Uuid;
          p_filename: string;
          p_original_filename: string;
          p_file_url: string;
          p_file_size: number;
          p_width: number | null;
          p_height: number | null;
          p_mime_type: string;
          p_id?: Uuid;
          p_thumb_url?: string | null;
          p_preview_url?: string | null;
        },
        Uuid
      >;
      admin_delete_photo: Fn<AuthPair & { p_photo_id: Uuid }, string[]>;
      admin_list_public_galleries: Fn<AuthPair, AdminPublicGallery[]>;
      admin_create_public_gallery: Fn<
        AuthPair & {
          p_title: string;
          p_description: string | null;
          p_is_active: boolean;
          p_id?: Uuid;
          p_visitor_downloads?: VisitorDownloads | null;
          p_photo_layout?: PhotoLayout | null;
        },
        Uuid
      >;
      admin_update_public_gallery: Fn<
        AuthPair & {
          p_gallery_id: Uuid;
          p_title: string;
          p_description: string | null;
          p_is_active: boolean;
          p_visitor_downloads?: VisitorDownloads | null;
          p_photo_layout?: PhotoLayout | null;
        },
        boolean
      >;
      admin_set_photo_caption: Fn<AuthPair & { p_photo_id: Uuid; p_caption: string | null }, boolean>;
      admin_set_album_cover: Fn<AuthPair & { p_album_id: Uuid; p_photo_id: Uuid | null }, boolean>;
      admin_set_album_photo_order: Fn<AuthPair & { p_album_id: Uuid; p_photo_ids: Uuid[] }, number>;
      admin_add_photos_to_gallery: Fn<AuthPair & { p_gallery_id: Uuid; p_photo_ids: Uuid[] }, number>;
      admin_delete_public_gallery: Fn<AuthPair & { p_gallery_id: Uuid }, boolean>;
      admin_list_gallery_links: Fn<AuthPair, AdminGalleryLink[]>;
      generate_access_token: Fn<Record<string, never>, string>;
      admin_update_site_settings: Fn<AuthPair & { p_settings: Partial<Record<SiteSettingKey, string | null>> }, boolean>;
      admin_save_link_defaults: Fn<AuthPair & { p_require_passcode: boolean; p_allow_downloads: boolean; p_expiry_days: number }, boolean>;
      get_gallery_link_by_token: Fn<{ p_access_token: string }, ClientLink[]>;
      set_gallery_context: Fn<{ access_token: string }, boolean>;
      validate_gallery_passcode: Fn<{ p_access_token: string; p_passcode: string; p_device?: string | null }, boolean>;
      get_album_photos_by_token: Fn<{ p_access_token: string; p_passcode?: string | null; p_device?: string | null }, ClientPhoto[]>;
      get_album_cover_by_token: Fn<{ p_access_token: string; p_passcode?: string | null; p_device?: string | null }, string | null>;
      is_gallery_link_expired: Fn<{ p_access_token: string }, boolean>;
      get_download_grant: Fn<{ p_access_token: string; p_passcode?: string | null; p_device?: string | null }, string | null>;
      sync_favourites_by_token: Fn<
        {
          p_access_token: string;
          p_client_name: string;
          p_add?: Uuid[];
          p_remove?: Uuid[];
          p_passcode?: string | null;
          p_device?: string | null;
        },
        { favourites: Uuid[] }
      >;
      admin_list_link_favourites: Fn<AuthPair & { p_link_id: Uuid }, LinkFavourite[]>;
      record_link_event: Fn<
        { p_access_token: string; p_kind: ClientLinkEvent; p_passcode?: string | null; p_device?: string | null },
        boolean
      >;
      admin_recent_link_activity: Fn<AuthPair & { p_limit?: number }, LinkActivity[]>;
    };
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
};

export type RpcName = keyof Database['public']['Functions'];
export type RpcArgs<Name extends RpcName> = Database['public']['Functions'][Name]['Args'];
export type RpcReturns<Name extends RpcName> = Database['public']['Functions'][Name]['Returns'];
