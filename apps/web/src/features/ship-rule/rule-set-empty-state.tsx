import { Link as RouterLink } from 'react-router';
import AddOutlined from '@mui/icons-material/AddOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import Button from '@mui/material/Button';
import { EmptyState } from '@/components/empty-state';
import { hrefs } from '@/config/paths';

interface NoRulesYetProps {
  storeName: string;
  /** An Admin: may add rules. */
  canEdit: boolean;
  /** The tenant has no shipping methods, which rules build on. */
  noMethods: boolean;
  onAdd(): void;
}

/** A rule set without rules: what rules do, and the first step (add a rule, or set up shipping methods first). */
export function NoRulesYet({ storeName, canEdit, noMethods, onAdd }: NoRulesYetProps) {
  return (
    <EmptyState
      icon={<RuleOutlined />}
      title={`No rules for ${storeName} yet`}
      text={
        <>
          Rules decide how an order ships from its store, destination, weight, value and items: its shipping method or
          carrier service, box, insurance, signature, tags and notes.{' '}
          {!canEdit
            ? 'An Admin adds them here.'
            : noMethods
              ? 'They build on your shipping methods, and you have none yet: set those up first, or let rules choose carrier services directly.'
              : 'Add a rule, test it on recent orders, then save.'}
        </>
      }
      action={
        canEdit ? (
          <>
            <Button variant="contained" startIcon={<AddOutlined />} onClick={onAdd}>
              Add rule
            </Button>
            {noMethods ? (
              <Button component={RouterLink} to={hrefs.settings('shipping-methods')}>
                Set up shipping methods
              </Button>
            ) : null}
          </>
        ) : undefined
      }
    />
  );
}
