import { useEffect, useState, type ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import type { RuleWordsContext, ShippingRule } from '@shipdesk/contract';
import { RuleCard, type RuleCardProps } from './rule-card';
import type { SaveErrors } from './rule-errors';

interface RuleListProps {
  /** Names the list for assistive technology ("Rules for All stores"). */
  label: string;
  rules: readonly ShippingRule[];
  words: RuleWordsContext;
  errors: SaveErrors;
  onMove(from: number, to: number): void;
  onToggle(id: string, enabled: boolean): void;
  onEdit(rule: ShippingRule): void;
  onDuplicate(index: number): void;
  onDelete(rule: ShippingRule): void;
  /** The rules in their order with their words, nothing to move or change. */
  readOnly?: boolean;
}

// Rules move up and down only.
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To move a rule, press Space or Enter. While moving, use the up and down arrow keys, then press Space or ' +
    'Enter to drop it there, or Escape to cancel. The Move up and Move down buttons do the same one step at a time.',
};

type CardSlot = Omit<RuleCardProps, 'handleProps' | 'setHandleRef' | 'setCardRef' | 'style' | 'dragging'>;

function SortableRuleCard(props: CardSlot) {
  const sortable = useSortable({ id: props.rule.id });
  return (
    <RuleCard
      {...props}
      handleProps={{ ...sortable.attributes, ...sortable.listeners }}
      setHandleRef={sortable.setActivatorNodeRef}
      setCardRef={sortable.setNodeRef}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      dragging={sortable.isDragging}
    />
  );
}

/**
 * The rules of a set in the order they run. Reorder by dragging the handle (mouse, touch, or the keyboard: Space,
 * arrows, Space) or with the Move up / Move down buttons; after a button move the focus stays with the moved rule.
 */
export function RuleList({
  label,
  rules,
  words,
  errors,
  onMove,
  onToggle,
  onEdit,
  onDuplicate,
  onDelete,
  readOnly = false,
}: RuleListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [refocus, setRefocus] = useState<{ id: string; direction: 'up' | 'down' } | null>(null);

  useEffect(() => {
    if (!refocus) return;
    // Rule ids are letters, digits, '_' and '-': safe in a selector as they are.
    const card = document.querySelector(`[data-rule-id="${refocus.id}"]`);
    const other = refocus.direction === 'up' ? 'down' : 'up';
    const button =
      card?.querySelector<HTMLButtonElement>(`button[data-move="${refocus.direction}"]:not(:disabled)`) ??
      card?.querySelector<HTMLButtonElement>(`button[data-move="${other}"]`);
    button?.focus();
    setRefocus(null);
  }, [refocus]);

  const position = (id: UniqueIdentifier) => rules.findIndex((rule) => rule.id === id);
  const describe = (id: UniqueIdentifier) => {
    const index = position(id);
    return `rule ${index + 1}, ${rules[index]?.name ?? ''}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${describe(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${describe(active.id)} is over position ${position(over.id) + 1} of ${rules.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `Dropped ${describe(active.id)} at position ${position(over.id) + 1}.` : `Dropped ${describe(active.id)}.`,
    onDragCancel: ({ active }) => `Moving ${describe(active.id)} was cancelled.`,
  };

  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = position(active.id);
    const to = position(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };

  const slot = (rule: ShippingRule, index: number): CardSlot => ({
    rule,
    index,
    count: rules.length,
    words,
    errors: Object.values(errors.byRule[rule.id] ?? {}),
    readOnly,
    onToggle: (enabled) => onToggle(rule.id, enabled),
    onMove: (delta) => {
      onMove(index, index + delta);
      setRefocus({ id: rule.id, direction: delta < 0 ? 'up' : 'down' });
    },
    onEdit: () => onEdit(rule),
    onDuplicate: () => onDuplicate(index),
    onDelete: () => onDelete(rule),
  });
  const list = (cards: ReactNode) => (
    <Box component="ol" aria-label={label} sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {cards}
    </Box>
  );

  // Read only: the cards without a handle or commands, and nothing to drag.
  if (readOnly) return list(rules.map((rule, index) => <RuleCard key={rule.id} {...slot(rule, index)} />));
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={dragEnd}
      accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
    >
      <SortableContext items={rules.map((rule) => rule.id)} strategy={verticalListSortingStrategy}>
        {list(rules.map((rule, index) => <SortableRuleCard key={rule.id} {...slot(rule, index)} />))}
      </SortableContext>
    </DndContext>
  );
}
