import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { staticPackageImports } from './static-imports.ts';

const root = mkdtempSync(join(tmpdir(), 'static-imports-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function file(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe('staticPackageImports', () => {
  it('follows the app files a page imports and names the packages they import, not the lazy or type-only ones', () => {
    file(
      'page.tsx',
      [
        "import Button from '@mui/material/Button';",
        "import { helper } from './lib/helper';",
        "import { Card } from '@/components/card';",
        "import type { Theme } from '@mui/material/styles';",
        "export { Chip } from './chips';",
        "const Dialog = lazy(() => import('./dialog'));",
      ].join('\n'),
    );
    file('lib/helper.ts', "import Tabs from '@mui/material/Tabs';\nexport const helper = 1;");
    file('components/card/index.tsx', "import CardIcon from '@mui/icons-material/CreditCard';");
    file('chips.tsx', "import MuiChip from '@mui/material/Chip';\nexport const Chip = MuiChip;");
    file('dialog.tsx', "import MuiDialog from '@mui/material/Dialog';");

    expect([...staticPackageImports(['page.tsx'], root)].sort()).toEqual([
      '@mui/icons-material/CreditCard',
      '@mui/material/Button',
      '@mui/material/Chip',
      '@mui/material/Tabs',
    ]);
  });
});
