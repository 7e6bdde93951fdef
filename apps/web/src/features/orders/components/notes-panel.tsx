import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrderNote } from '@shipdesk/contract';
import { QueryError } from '@/components/query-error';
import { apiErrorMessage, showApiError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useAddOrderNoteMutation, useListOrderNotesQuery, useUpdateOrderNoteMutation } from '../api/orders-api';
import { CardSection } from './card-section';

const MAX_NOTE = 5000;

function noteError(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return 'Write a note first';
  if (trimmed.length > MAX_NOTE) return `At most ${MAX_NOTE} characters`;
  return null;
}

function NoteItem({ note, orderId, timeZone }: { note: OrderNote; orderId: string; timeZone: string }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.note);
  const [error, setError] = useState<string | null>(null);
  const [updateNote, { isLoading }] = useUpdateOrderNoteMutation();
  const edited = note.updated_at !== note.created_at;

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
    } catch (failure) {
      setError(apiErrorMessage(failure, 'Could not save the note.'));
    }
  };

  return (
    <Box
      component="li"
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
          {note.author} · {formatDateTime(note.created_at, timeZone)}
          {edited ? ' · edited' : ''}
        </Typography>
        {editing || note.editable === false ? null : (
          <IconButton size="small" aria-label="Edit note" onClick={() => setEditing(true)}>
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
              if (event.key === 'Escape') {
                setEditing(false);
                setText(note.note);
                setError(null);
              }
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
            <Button
              size="small"
              onClick={() => {
                setEditing(false);
                setText(note.note);
                setError(null);
              }}
            >
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

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const message = noteError(text);
    if (message) {
      setProblem(message);
      return;
    }
    try {
      await addNote({ orderId, note: text.trim() }).unwrap();
      setText('');
      setProblem(null);
    } catch (failure) {
      showApiError(failure, 'Could not add the note.');
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
          multiline
          minRows={2}
          fullWidth
          error={Boolean(problem)}
          helperText={problem}
          slotProps={{ htmlInput: { maxLength: MAX_NOTE } }}
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
            <NoteItem key={`${note.id}:${note.updated_at}`} note={note} orderId={orderId} timeZone={timeZone} />
          ))}
        </Box>
      )}
    </CardSection>
  );
}
