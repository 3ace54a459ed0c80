import {
  FileText,
  FolderOpen,
  Images,
  LayoutDashboard,
  Link2,
  MessageSquareQuote,
  Package,
  Palette,
  Settings,
  type LucideIcon,
} from 'lucide-react';

export interface NavEntry {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** The sidebar's groups and entries, in the spec's order (SPEC §2, Admin shell). */
export const ADMIN_NAVIGATION: Array<{ group: string; entries: NavEntry[] }> = [
  {
    group: 'Gallery Management',
    entries: [
      { label: 'Dashboard', to: '/admin/dashboard', icon: LayoutDashboard },
      { label: 'Shoot Collections', to: '/admin/albums', icon: FolderOpen },
      { label: 'Public Galleries', to: '/admin/public-galleries', icon: Images },
      { label: 'Client Links', to: '/admin/links', icon: Link2 },
    ],
  },
  {
    group: 'Website Content',
    entries: [
      { label: 'Page Content', to: '/admin/content', icon: FileText },
      { label: 'Services', to: '/admin/services', icon: Package },
      { label: 'Testimonials', to: '/admin/testimonials', icon: MessageSquareQuote },
      { label: 'Site Design', to: '/admin/design', icon: Palette },
    ],
  },
  {
    group: 'System',
    entries: [{ label: 'Settings', to: '/admin/settings', icon: Settings }],
  },
];
