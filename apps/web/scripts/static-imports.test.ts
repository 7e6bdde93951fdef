import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { staticImports } from './static-imports.ts';

const root = mkdtempSync(join(tmpdir(), 'static-imports-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function file(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe('staticImports', () => {
  it('follows the app files a page imports, and the contract files by the names imported, and names the packages they import, not the lazy or type-only ones', () => {
    file(
      'page.tsx',
      [
        "import Button from '@mui/material/Button';",
        "import { helper } from './lib/helper';",
        "import { Card } from '@/components/card';",
        "import type { Theme } from '@mui/material/styles';",
        "export { Chip } from './chips';",
        "import { money, type Money, weight as grams } from '@shipdesk/contract';",
        "const Dialog = lazy(() => import('./dialog'));",
      ].join('\n'),
    );
    file('lib/helper.ts', "import Tabs from '@mui/material/Tabs';\nexport const helper = 1;");
    file('components/card/index.tsx', "import CardIcon from '@mui/icons-material/CreditCard';");
    file('chips.tsx', "import MuiChip from '@mui/material/Chip';\nexport const Chip = MuiChip;");
    file('dialog.tsx', "import MuiDialog from '@mui/material/Dialog';");
    // The contract's index re-exports every file: only the files declaring the names imported are followed.
    file('contract/index.ts', "export * from './money.ts';\nexport * from './weights.ts';\nexport * from './big.ts';");
    file(
      'contract/money.ts',
      "import { cents } from './cents.ts';\nexport const money = cents;\nexport type Money = number;",
    );
    file('contract/cents.ts', 'export const cents = 100;');
    file('contract/weights.ts', 'const weight = 1;\nexport { weight };');
    file('contract/big.ts', "import { postcode } from 'postcode-validator';\nexport function big() {}");

    const found = staticImports(['page.tsx'], root, join(root, 'contract'));
    expect([...found.packages].sort()).toEqual([
      '@mui/icons-material/CreditCard',
      '@mui/material/Button',
      '@mui/material/Chip',
      '@mui/material/Tabs',
    ]);
    expect([...found.files].map((path) => path.slice(root.length + 1)).sort()).toEqual([
      'chips.tsx',
      'components/card/index.tsx',
      'contract/cents.ts',
      'contract/money.ts',
      'contract/weights.ts',
      'lib/helper.ts',
      'page.tsx',
    ]);
  });
});
