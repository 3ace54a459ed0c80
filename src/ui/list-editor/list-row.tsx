import type { ReactNode } from 'react';
import { Card } from '../card';
import { cn } from '../cn';
import { MoveButtons } from '../move-buttons';
import { PendingBadge, RowActions, VisibilityBadge } from '../status-badges';
import type { RowControls } from './list-editor-page';

/** What a list editor's row knows of its state (a row with the outbox's PendingMark). */
export interface ListRowState {
  is_active: boolean;
  pending?: boolean;
  syncError?: string;
}

interface ListRowProps extends RowControls {
  /** The card's classes, and what tests and styles know it by. */
  className: string;
  'data-testid': string;
  'data-section'?: string;
  /** What the row is, for its buttons' names: 'service' → 'Hide service', 'Edit service'… */
  noun: string;
  /** Its name, for Move up / Move down: 'Move up Hero'. */
  name: string;
  /** The row's state: shown or hidden, and whether a change of it still waits. */
  row: ListRowState;
  /** What stands before its badges: an icon, a photo, a label. */
  lead: ReactNode;
  /** The classes of what it says, dimmed while it is hidden. */
  bodyClassName: string;
  children: ReactNode;
}

/**
 * A list editor's row as a card: what it is and its state (Active or Hidden, Pending) with its
 * eye, edit and delete buttons on top, then what it says, then its place and Move up / Move down.
 */
export function ListRow({
  noun,
  name,
  row: { is_active: active, pending, syncError },
  lead,
  bodyClassName,
  children,
  position,
  count,
  onMove,
  onToggle,
  onEdit,
  onDelete,
  ...card
}: ListRowProps) {
  return (
    <Card {...card}>
      <div className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          {lead}
          <VisibilityBadge active={active} />
          <PendingBadge pending={pending} syncError={syncError} />
        </div>
        <RowActions
          noun={noun}
          active={active}
          onToggle={onToggle}
          onEdit={onEdit}
          onDelete={onDelete}
          className="-my-1.5 -mr-2"
        />
      </div>
      <div className={cn(bodyClassName, !active && 'opacity-60')}>{children}</div>
      <MoveButtons
        name={name}
        position={position}
        count={count}
        onMove={onMove}
        className="mt-3 -mb-1.5 border-t pt-2"
      />
    </Card>
  );
}
