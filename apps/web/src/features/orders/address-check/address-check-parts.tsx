import { Fragment } from 'react';
import Box from '@mui/material/Box';
import type { LinePart } from './address-check-words';

/**
 * The words a carrier changed, marked: bold and underlined in the warning colour rather than a highlighter's
 * background, which would stay yellow under light text in the dark scheme.
 */
function Changed({ text }: { text: string }) {
  return (
    <Box
      component="mark"
      sx={{
        bgcolor: 'transparent',
        color: 'inherit',
        fontWeight: 700,
        textDecoration: 'underline',
        textDecorationColor: (theme) => (theme.vars ?? theme).palette.warning.main,
        textDecorationThickness: 2,
        textUnderlineOffset: 3,
      }}
    >
      {text}
    </Box>
  );
}

/** One line of a suggested address, its changed words marked. */
function Line({ parts }: { parts: LinePart[] }) {
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? ' ' : null}
          {part.changed ? <Changed text={part.text} /> : part.text}
        </Fragment>
      ))}
    </>
  );
}

/** A suggested address, a line each (`inline`: the lines joined by commas, as a candidate's label). */
export function AddressParts({ lines, inline = false }: { lines: LinePart[][]; inline?: boolean }) {
  if (inline) {
    return (
      <>
        {lines.map((parts, index) => (
          <Fragment key={index}>
            {index > 0 ? ', ' : null}
            <Line parts={parts} />
          </Fragment>
        ))}
      </>
    );
  }
  return (
    <>
      {lines.map((parts, index) => (
        <div key={index}>
          <Line parts={parts} />
        </div>
      ))}
    </>
  );
}
