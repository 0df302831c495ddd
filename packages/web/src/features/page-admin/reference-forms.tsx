import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { pageModuleLimits } from '@plaza/contract/page-modules';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { adminPagesQuery, searchMembers } from './api';
import { useLookups } from './lookups';
import { idsOf, ListError, type ModuleFormProps, OptionalTitle } from './module-form-parts';
import { moved, RowActions } from './row-actions';

/** Chosen ids in order, with their names, each movable and removable. */
function ChosenList({
  ids,
  nameOf,
  label,
  onChange,
}: {
  ids: number[];
  nameOf: (id: number) => string;
  label: string;
  onChange: (ids: number[]) => void;
}) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={label}>
      {ids.map((id, index) => (
        <Paper
          component="li"
          variant="outlined"
          key={id}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 0.5, mb: 1 }}
        >
          <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{nameOf(id)}</Typography>
          <RowActions
            name={nameOf(id)}
            index={index}
            count={ids.length}
            onMove={(to) => onChange(moved(ids, index, to))}
            onRemove={() => onChange(ids.filter((other) => other !== id))}
          />
        </Paper>
      ))}
    </Box>
  );
}

interface Option {
  id: number;
  label: string;
}

/** Picks one more entry from options found by a search; the chosen one is added and the field empties. */
function Picker({
  label,
  options,
  loading,
  onInput,
  onPick,
  noOptionsText,
}: {
  label: string;
  options: Option[];
  loading: boolean;
  onInput?: (text: string) => void;
  onPick: (option: Option) => void;
  noOptionsText: string;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  return (
    <Autocomplete<Option, false, false, false>
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_, text, reason) => {
        if (reason === 'reset') return;
        setInput(text);
        onInput?.(text);
      }}
      onChange={(_, option) => {
        if (option) onPick(option);
        setInput('');
        onInput?.('');
      }}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loading}
      loadingText={t('page_admin.pickers.loading')}
      noOptionsText={noOptionsText}
      filterOptions={onInput ? (all) => all : undefined}
      renderInput={(params) => <TextField {...params} label={label} margin="dense" />}
      sx={{ my: 1 }}
    />
  );
}

/** A subpage navigation: chosen pages in order. */
export function SubpagesForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt } = props;
  const { lookups, remember } = useLookups();
  const ids = idsOf(data.page_ids);
  const pages = useInfiniteQuery(adminPagesQuery(null));
  const known = pages.data?.pages.flatMap((page) => page.results) ?? [];
  const nameOf = (id: number) =>
    known.find((page) => page.id === id)?.title ??
    lookups.pages.get(id) ??
    t('page_admin.pickers.page', { id });
  return (
    <>
      <OptionalTitle {...props} />
      <ChosenList
        ids={ids}
        nameOf={nameOf}
        label={t('page_admin.subpages.list')}
        onChange={(page_ids) => set({ page_ids })}
      />
      <ListError text={errorAt('page_ids')} />
      {ids.length < pageModuleLimits.subpages && (
        <Picker
          label={t('page_admin.subpages.add')}
          options={known
            .filter((page) => !ids.includes(page.id))
            .map((page) => ({ id: page.id, label: page.title }))}
          loading={pages.isLoading}
          noOptionsText={t('page_admin.pickers.no_pages')}
          onPick={(option) => {
            remember('pages', option.id, option.label);
            set({ page_ids: [...ids, option.id] });
          }}
        />
      )}
    </>
  );
}

/** A profile teaser: chosen members in order, found by name. */
export function ProfilesForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt } = props;
  const { lookups, remember } = useLookups();
  const ids = idsOf(data.user_ids);
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim(), 250);
  const found = useQuery({
    queryKey: ['page-admin', 'members', debounced],
    queryFn: () => searchMembers(debounced),
    enabled: debounced.length > 0,
  });
  const nameOf = (id: number) => lookups.members.get(id) ?? t('page_admin.pickers.member', { id });
  return (
    <>
      <OptionalTitle {...props} />
      <ChosenList
        ids={ids}
        nameOf={nameOf}
        label={t('page_admin.profiles.list')}
        onChange={(user_ids) => set({ user_ids })}
      />
      <ListError text={errorAt('user_ids')} />
      {ids.length < pageModuleLimits.profiles && (
        <Picker
          label={t('page_admin.profiles.add')}
          options={(found.data ?? [])
            .filter((user) => !ids.includes(user.id))
            .map((user) => ({ id: user.id, label: `${user.firstname} ${user.lastname}`.trim() }))}
          loading={found.isFetching}
          onInput={setTerm}
          noOptionsText={debounced ? t('page_admin.pickers.no_members') : t('page_admin.pickers.type_name')}
          onPick={(option) => {
            remember('members', option.id, option.label);
            set({ user_ids: [...ids, option.id] });
          }}
        />
      )}
    </>
  );
}
