import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { postAuthorsQuery } from '../api/posts';

const self = '';

/** 'Post as' select, shown only to members who may post as a chosen author (the server says `enabled`). */
export function AuthorField({
  value,
  onChange,
  disabled,
}: {
  value: number | null;
  onChange: (authorId: number | null) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const authors = useQuery(postAuthorsQuery(''));
  if (!authors.data?.enabled) return null;
  return (
    <TextField
      select
      size="small"
      label={t('posts.create.author')}
      value={value ?? self}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value === self ? null : Number(event.target.value))}
    >
      <MenuItem value={self}>{t('posts.create.author_self')}</MenuItem>
      {authors.data.results.flatMap((author) =>
        author.id === null
          ? []
          : [
              <MenuItem key={author.id} value={author.id}>
                {author.name}
              </MenuItem>,
            ],
      )}
    </TextField>
  );
}
