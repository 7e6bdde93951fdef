import { useRef } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BUYER_NOTICE_DEFAULTS,
  BUYER_NOTICE_VARIABLE_HINTS,
  BUYER_NOTICE_VARIABLES,
  type BuyerNoticeKind,
} from '@shipdesk/contract';

interface NoticeTemplateFieldsProps {
  kind: BuyerNoticeKind;
  subject: string;
  body: string;
  onChange(change: { subject?: string; body?: string }): void;
  errors: { subject?: string; body?: string };
  readOnly: boolean;
}

type Target = 'subject' | 'body';

/** `text` with `insert` put at the field's caret (or at the end when it never had focus). */
function insertAt(text: string, insert: string, input: HTMLInputElement | HTMLTextAreaElement | null) {
  const start = input?.selectionStart ?? text.length;
  const end = input?.selectionEnd ?? text.length;
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}

/**
 * A kind's subject and body, empty meaning the default text (shown as the placeholder), and the variables as chips
 * that insert themselves where the caret was in the field last used.
 */
export function NoticeTemplateFields({ kind, subject, body, onChange, errors, readOnly }: NoticeTemplateFieldsProps) {
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const last = useRef<Target>('body');
  const defaults = BUYER_NOTICE_DEFAULTS[kind];
  const label = kind === 'shipped' ? 'Shipped' : 'Delivered';

  function insert(name: string) {
    const target = last.current;
    const input = target === 'subject' ? subjectRef.current : bodyRef.current;
    const current = target === 'subject' ? subject : body;
    // An empty field starts from the default text, so a variable is added to what the buyer would get.
    const base = current === '' ? (target === 'subject' ? defaults.subject : defaults.body) : current;
    const { text, caret } = insertAt(base, `{{${name}}}`, current === '' ? null : input);
    onChange({ [target]: text });
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(caret, caret);
    });
  }

  return (
    <Stack spacing={1.5}>
      <TextField
        label={`${label} e-mail subject`}
        value={subject}
        placeholder={defaults.subject}
        onChange={(e) => onChange({ subject: e.target.value })}
        onFocus={() => (last.current = 'subject')}
        inputRef={subjectRef}
        error={Boolean(errors.subject)}
        helperText={errors.subject ?? 'Empty: the default subject'}
        disabled={readOnly}
        fullWidth
        size="small"
      />
      <TextField
        label={`${label} e-mail text`}
        value={body}
        placeholder={defaults.body}
        onChange={(e) => onChange({ body: e.target.value })}
        onFocus={() => (last.current = 'body')}
        inputRef={bodyRef}
        error={Boolean(errors.body)}
        helperText={errors.body ?? 'Empty: the default text'}
        disabled={readOnly}
        multiline
        minRows={4}
        fullWidth
        size="small"
      />
      {readOnly ? null : (
        <Box>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
            Insert a variable
          </Typography>
          <Box
            role="group"
            aria-label={`Variables for the ${kind} e-mail`}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
          >
            {BUYER_NOTICE_VARIABLES.map((name) => (
              <Chip
                key={name}
                label={`{{${name}}}`}
                title={BUYER_NOTICE_VARIABLE_HINTS[name]}
                size="small"
                variant="outlined"
                // Keeps the caret in the field while the chip is clicked.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => insert(name)}
              />
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
