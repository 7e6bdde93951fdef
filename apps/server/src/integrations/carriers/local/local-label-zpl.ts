import {
  LABEL_HEIGHT_DOTS,
  LABEL_WIDTH_DOTS,
  localLabelLayout,
  type LabelElement,
  type LocalLabelData,
} from './local-label-layout.ts';

/**
 * ZPL II field data under `^FH`: the command prefixes `^` and `~` and the escape character `_` itself become `_xx`
 * hex escapes, so user text can never start a command. Inside a `^FB` block a backslash is doubled, as `^FB` reads
 * `\&` as a line break.
 */
export function zplFieldData(text: string, inFieldBlock = false): string {
  const escaped = text.replace(/[\^~_]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return inFieldBlock ? escaped.replace(/\\/g, '\\\\') : escaped;
}

function field(element: LabelElement): string {
  switch (element.kind) {
    case 'text': {
      const font = `^A0N,${element.size},${element.size}`;
      // Left-aligned text needs no block: it is fitted already. Centred text lets the printer centre it in a one-line
      // block of the element's width.
      return element.align === 'center'
        ? `^FO${element.x},${element.y}${font}^FB${element.width},1,0,C^FH^FD${zplFieldData(element.text, true)}^FS`
        : `^FO${element.x},${element.y}${font}^FH^FD${zplFieldData(element.text)}^FS`;
    }
    case 'box':
      return `^FO${element.x},${element.y}^GB${element.width},${element.height},${Math.min(element.width, element.height)}^FS`;
    case 'code128':
      // Mode A: the printer picks the subsets (B for the letters, C for the digit pairs), as bwip-js does for the PDF.
      return `^BY${element.module}^FO${element.x},${element.y}^BCN,${element.height},N,N,N,A^FD${element.data}^FS`;
    case 'qr':
      // Model 2, error correction M, automatic data mode.
      return `^FO${element.x},${element.y}^BQN,2,${element.module}^FDMA,${element.data}^FS`;
  }
}

/** One 4x6 label at 203 dpi as ZPL II (UTF-8 text, `^CI28`). */
export function renderLocalLabelZpl(data: LocalLabelData): string {
  let zpl = `^XA\n^CI28^PW${LABEL_WIDTH_DOTS}^LL${LABEL_HEIGHT_DOTS}^LH0,0\n`;
  for (const element of localLabelLayout(data)) zpl += `${field(element)}\n`;
  return `${zpl}^XZ\n`;
}
