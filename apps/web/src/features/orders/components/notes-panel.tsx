import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast/toast';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrderNote } from '@shipdesk/contract';
import { announce } from '@/components/live-announcer';
import { QueryError } from '@/components/query-error';
import { apiErrorMessage, showApiError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useAddOrderNoteMutation, useListOrderNotesQuery, useUpdateOrderNoteMutation } from '../api/orders-api';
import { CardSection } from '@/components/card-section';

const MAX_NOTE = 5000;

function noteError(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return 'Write a note first';
  if (trimmed.length > MAX_NOTE) return `At most ${MAX_NOTE} characters`;
  return null;
}

interface NoteItemProps {
  note: OrderNote;
  orderId: string;
  timeZone: string;
  /** The note was just added or saved here: it takes the focus once it is shown. */
  focus: boolean;
  onSaved(id: string): void;
}

function NoteItem({ note, orderId, timeZone, focus, onSaved }: NoteItemProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.note);
  const [error, setError] = useState<string | null>(null);
  const [updateNote, { isLoading }] = useUpdateOrderNoteMutation();
  const edited = note.updated_at !== note.created_at;
  const itemRef = useRef<HTMLLIElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const returnToEdit = useRef(false);

  useEffect(() => {
    if (focus) itemRef.current?.focus();
  }, [focus]);

  // Leaving the editor without saving puts the focus back on its Edit button.
  useEffect(() => {
    if (editing || !returnToEdit.current) return;
    returnToEdit.current = false;
    editButtonRef.current?.focus();
  }, [editing]);

  const cancel = () => {
    returnToEdit.current = true;
    setEditing(false);
    setText(note.note);
    setError(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = noteError(text);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await updateNote({ id: note.id, orderId, note: text.trim() }).unwrap();
      setEditing(false);
      setError(null);
      toast.success('Note saved.');
      onSaved(note.id);
    } catch (failure) {
      setError(apiErrorMessage(failure, 'Could not save the note.'));
    }
  };

  return (
    <Box
      component="li"
      ref={itemRef}
      // Focusable from script only: the new or saved note takes the focus, so a screen reader reads it.
      tabIndex={-1}
      sx={{
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0, pt: 0 },
        '&:focus-visible': { outlineOffset: 2, borderRadius: 0.5 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
          {note.author} · {formatDateTime(note.created_at, timeZone)}
          {edited ? ' · edited' : ''}
        </Typography>
        {editing || note.editable === false ? null : (
          <IconButton ref={editButtonRef} size="small" aria-label="Edit note" onClick={() => setEditing(true)}>
            <EditOutlined fontSize="small" />
          </IconButton>
        )}
      </Box>
      {editing ? (
        <Box component="form" noValidate onSubmit={(event) => void save(event)}>
          <TextField
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') cancel();
            }}
            label="Edit note"
            multiline
            minRows={2}
            fullWidth
            autoFocus
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: MAX_NOTE } }}
          />
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button type="submit" size="small" variant="contained" disabled={isLoading}>
              Save
            </Button>
            <Button size="small" onClick={cancel}>
              Cancel
            </Button>
          </Box>
        </Box>
      ) : (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note.note}
        </Typography>
      )}
    </Box>
  );
}

/** Notes kept on the order (spec 7.2): list, add, edit inline. */
export function NotesPanel({ orderId, timeZone }: { orderId: string; timeZone: string }) {
  const { data: notes, error, isLoading } = useListOrderNotesQuery(orderId);
  const [addNote, { isLoading: adding }] = useAddOrderNoteMutation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The note that takes the focus once the list shows it: the one just added (or saved).
  const [focusId, setFocusId] = useState<string | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const message = noteError(text);
    if (message) {
      setProblem(message);
      return;
    }
    try {
      const added = await addNote({ orderId, note: text.trim() }).unwrap();
      setText('');
      setProblem(null);
      setFocusId(added.id);
      announce('Note added.');
    } catch (failure) {
      showApiError(failure, 'Could not add the note.');
      fieldRef.current?.focus();
    }
  };

  const sorted = [...(notes ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <CardSection title="Notes">
      <Box component="form" noValidate onSubmit={(event) => void add(event)} sx={{ mb: 2 }}>
        <TextField
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(null);
          }}
          label="Add a note"
          // Two rows that grow with the text by CSS (field-sizing) where the browser can, a plain textarea: MUI's
          // autosizing one measures itself in a layout of its own on every render, 60-80 ms of a phone's CPU as the
          // order's page loads.
          multiline
          sx={{ '& textarea': { fieldSizing: 'content', minHeight: '2lh' } }}
          fullWidth
          error={Boolean(problem)}
          helperText={problem}
          inputRef={fieldRef}
          slotProps={{ input: { inputComponent: 'textarea' }, htmlInput: { maxLength: MAX_NOTE, rows: 2 } }}
        />
        <Button type="submit" variant="outlined" size="small" sx={{ mt: 1 }} disabled={adding}>
          Add note
        </Button>
      </Box>
      {isLoading ? (
        <Skeleton variant="rectangular" height={48} />
      ) : error ? (
        <QueryError error={error} fallback="Could not load the notes." />
      ) : sorted.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No notes yet.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Notes" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {sorted.map((note) => (
            <NoteItem
              key={`${note.id}:${note.updated_at}`}
              note={note}
              orderId={orderId}
              timeZone={timeZone}
              focus={note.id === focusId}
              onSaved={setFocusId}
            />
          ))}
        </Box>
      )}
    </CardSection>
  );
}
