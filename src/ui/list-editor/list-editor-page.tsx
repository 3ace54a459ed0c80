import { Plus, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../button';
import { ConfirmDialog } from '../confirm-dialog';
import { EmptyState } from '../empty-state';
import { PageHeader } from '../page-header';
import { PageLoader } from '../page-loader';
import type { ListActions } from './use-list-actions';

/** What a row of the list is given: its place ('2 of 3') and what its buttons do. */
export interface RowControls {
  /** Its place in the list, from 1, and the list's length. */
  position: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** What the feature's add/edit dialog is given: whether it is open, and the row it edits (none to add one). */
export interface ListFormProps<Row> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  row?: Row;
}

/** The one dialog open over the list, if any. */
type ListDialog<Row> =
  { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; row: Row } | { kind: 'delete'; row: Row };

interface ListEditorPageProps<Row extends { id: string }> {
  title: string;
  description: string;
  /** The add button's label: 'Add Service'. */
  addLabel: string;
  /** Whether the header offers the add button while the list is empty ('always'), or only once it has rows. */
  addInHeader?: 'always' | 'once-listed';
  rows: readonly Row[];
  isPending: boolean;
  empty: { icon: LucideIcon; title: string; description: string };
  /** The list's accessible name, and its grid's classes. */
  listLabel: string;
  listClassName: string;
  actions: ListActions<Row>;
  renderRow: (row: Row, controls: RowControls) => ReactNode;
  renderForm: (form: ListFormProps<Row>) => ReactNode;
  confirmDelete: { title: string; confirmLabel: string; description: (row: Row) => string };
  /** Put around the list, its loader and its empty state (the content page's tabs). */
  frame?: (list: ReactNode) => ReactNode;
}

/**
 * A screen of rows the photographer adds, edits, shows or hides, deletes (after asking) and puts
 * in order with Move up / Move down: service packages, testimonials, page sections. The feature
 * gives its row, its form dialog and what its changes are (useListActions).
 */
export function ListEditorPage<Row extends { id: string }>({
  title,
  description,
  addLabel,
  addInHeader = 'always',
  rows,
  isPending,
  empty,
  listLabel,
  listClassName,
  actions,
  renderRow,
  renderForm,
  confirmDelete,
  frame = (list) => list,
}: ListEditorPageProps<Row>) {
  const [dialog, setDialog] = useState<ListDialog<Row>>({ kind: 'none' });
  const close = (open: boolean) => !open && setDialog({ kind: 'none' });
  const deleting = dialog.kind === 'delete' ? dialog.row : null;

  const addButton = (
    <Button className="h-11 sm:h-10" onClick={() => setDialog({ kind: 'add' })}>
      <Plus aria-hidden /> {addLabel}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={addInHeader === 'always' || rows.length > 0 ? addButton : undefined}
      />
      {frame(
        isPending ? (
          <PageLoader />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={empty.icon}
            title={empty.title}
            description={empty.description}
            action={addButton}
          />
        ) : (
          <ul className={listClassName} aria-label={listLabel}>
            {rows.map((row, index) => (
              <li key={row.id}>
                {renderRow(row, {
                  position: index + 1,
                  count: rows.length,
                  onMove: (by) => actions.move(index, by),
                  onToggle: () => actions.toggle(row),
                  onEdit: () => setDialog({ kind: 'edit', row }),
                  onDelete: () => setDialog({ kind: 'delete', row }),
                })}
              </li>
            ))}
          </ul>
        ),
      )}
      {renderForm({
        open: dialog.kind === 'add',
        onOpenChange: (open) => setDialog(open ? { kind: 'add' } : { kind: 'none' }),
      })}
      {renderForm({
        open: dialog.kind === 'edit',
        onOpenChange: close,
        row: dialog.kind === 'edit' ? dialog.row : undefined,
      })}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={close}
        title={confirmDelete.title}
        description={deleting ? confirmDelete.description(deleting) : ''}
        confirmLabel={confirmDelete.confirmLabel}
        onConfirm={() => deleting && actions.remove(deleting)}
      />
    </>
  );
}
