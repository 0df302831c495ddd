import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyChunk } from '../../app/chunk-error';
import { htmlLines } from '../../lib/html-text';
import { type ModuleFormProps, OptionalTitle } from './module-form-parts';

const noMentions = async () => [];

/** The editor's code loads when a text is edited: a page of many texts opens as previews, and fast. */
const RichTextEditor = lazyChunk(() =>
  import('../../components/rich-text/rich-text-editor').then((module) => module.RichTextEditor),
);

/** A text (rich text, data protection): a preview of its words until it is edited. */
export function HtmlForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt } = props;
  const errorId = useId();
  const error = errorAt('html');
  const html = String(data.html ?? '');
  // A new (empty) text opens in the editor; a written one shows as it reads until "Edit text".
  const [editing, setEditing] = useState(html === '');
  return (
    <>
      <OptionalTitle {...props} />
      <Typography component="p" variant="body2" color="text.secondary" sx={{ mt: 1, mb: 0.5 }}>
        {t('page_admin.fields.text')}
      </Typography>
      {editing ? (
        <Suspense fallback={<CircularProgress size={24} aria-label={t('page_admin.fields.text_loading')} />}>
          <RichTextEditor
            value={html}
            onChange={(next) => set({ html: next })}
            label={t('page_admin.fields.text')}
            searchMentions={noMentions}
            invalid={Boolean(error)}
            describedBy={error ? errorId : undefined}
            autoFocus={html !== ''}
          />
        </Suspense>
      ) : (
        <>
          <Box
            sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, px: 1.5, py: 1 }}
          >
            {/* The clamp on the text itself: padding around a clamped box would show part of the next line. */}
            <Typography
              variant="body2"
              sx={{
                whiteSpace: 'pre-line',
                overflowWrap: 'anywhere',
                display: '-webkit-box',
                WebkitLineClamp: 6,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {htmlLines(html)}
            </Typography>
          </Box>
          <Button
            size="small"
            startIcon={<Edit />}
            onClick={() => setEditing(true)}
            aria-describedby={error ? errorId : undefined}
            sx={{ mt: 0.5 }}
          >
            {t('page_admin.fields.edit_text')}
          </Button>
        </>
      )}
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
    </>
  );
}
