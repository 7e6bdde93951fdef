import Typography from '@mui/material/Typography';

/** A heading between the store dialog's groups of fields. */
export function StoreDialogSectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, pt: 1 }}>
      {children}
    </Typography>
  );
}
