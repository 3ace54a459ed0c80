/** The RPCs as the app calls them: the generated signatures, refined (database.types.ts says how). */
import type {
  AdminArgs,
  ClientLinkArgs,
  GeneratedArgs,
  GeneratedFunctions,
  OrNull,
  Retype,
  Uuid,
} from './database-helpers';
import type {
  AdminAlbum,
  AdminAlbumDetail,
  AdminGalleryLink,
  AdminPhoto,
  AdminPublicGallery,
  AdminSession,
  ClientLinkEvent,
  ClientLinkFromServer,
  ClientPhoto,
  DashboardStats,
  LinkActivity,
  LinkFavourite,
  PhotoLayout,
  SiteSettingKey,
  VisitorDownloads,
} from './database-rows';

type Rpc<Args, Returns> = { Args: Args; Returns: Returns };
/** An admin RPC as generated, with the session required. */
type AdminRpc<Name extends keyof GeneratedFunctions> = Rpc<
  AdminArgs<GeneratedArgs<Name>>,
  GeneratedFunctions[Name]['Returns']
>;

export type AppFunctions = {
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
        'p_width' | 'p_height' | 'p_thumb_url' | 'p_preview_url' | 'p_cover_url'
      >
    >,
    GeneratedFunctions['admin_add_photo']['Returns']
  >;
  admin_delete_photo: AdminRpc<'admin_delete_photo'>;
  admin_list_missing_covers: AdminRpc<'admin_list_missing_covers'>;
  admin_record_cover_rendition: AdminRpc<'admin_record_cover_rendition'>;
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
