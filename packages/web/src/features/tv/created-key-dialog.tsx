import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Shows the TV address of a new key once, with a copy button. */
export function CreatedKeyDialog({ address, onClose }: { address: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address ?? '');
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog open={address !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('tv.admin.created_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('tv.admin.created_body')}</DialogContentText>
        <TextField
          label={t('tv.admin.tv_url')}
          value={address ?? ''}
          fullWidth
          multiline
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false },
            input: { sx: { fontFamily: 'monospace' } },
          }}
          onFocus={(event) => event.target.select()}
        />
        {copied && (
          <Alert severity="success" role="status" sx={{ mt: 2 }}>
            {t('tv.admin.copied')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopy />} onClick={copy}>
          {t('tv.admin.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('tv.admin.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
