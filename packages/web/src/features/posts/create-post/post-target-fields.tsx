import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { PostSelectOption } from '@plaza/contract';
import { useTranslation } from 'react-i18next';

const none = '';

/**
 * Group and topic selects of the create-post box. A fixed group (group page) hides the group select;
 * a fixed topic (topic page) hides both.
 */
export function PostTargetFields({
  options,
  groupId,
  topicId,
  onChange,
  fixedGroup,
  fixedTopic,
  allowWithoutGroup,
  disabled,
  errors,
}: {
  options: PostSelectOption[];
  groupId: number | null;
  topicId: number | null;
  onChange: (groupId: number | null, topicId: number | null) => void;
  fixedGroup: boolean;
  fixedTopic: boolean;
  allowWithoutGroup: boolean;
  disabled: boolean;
  errors: { group: boolean; topic: boolean };
}) {
  const { t } = useTranslation();
  if (fixedTopic) return null;
  const group = options.find((option) => option.id === groupId);
  const topics = group?.properties ?? [];
  const topicRequired = !allowWithoutGroup && topics.length > 0;
  if (fixedGroup && topics.length === 0) return null;
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: fixedGroup ? '1fr' : '1fr 1fr' } }}
    >
      {!fixedGroup && (
        <TextField
          select
          size="small"
          label={t('posts.create.group')}
          required={!allowWithoutGroup}
          value={groupId ?? none}
          disabled={disabled}
          error={errors.group}
          onChange={(event) =>
            onChange(event.target.value === none ? null : Number(event.target.value), null)
          }
        >
          {allowWithoutGroup && <MenuItem value={none}>{t('posts.create.no_group')}</MenuItem>}
          {options.map((option) => (
            <MenuItem key={option.identifier} value={option.id}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {topics.length > 0 && (
        <TextField
          select
          size="small"
          label={t('posts.create.topic')}
          required={topicRequired}
          value={topicId ?? none}
          disabled={disabled}
          error={errors.topic}
          onChange={(event) =>
            onChange(groupId, event.target.value === none ? null : Number(event.target.value))
          }
        >
          {!topicRequired && <MenuItem value={none}>{t('posts.create.no_topic')}</MenuItem>}
          {topics.map((topic) => (
            <MenuItem key={topic.id} value={topic.id}>
              {topic.value}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
