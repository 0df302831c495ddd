import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { GroupType } from '@plaza/contract';
import { groupTypes } from '@plaza/contract/groups';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The choice of group kind (open, with approval, private), each explained in one line. */
export function GroupKindField({
  value,
  onChange,
  disabled = false,
}: {
  value: GroupType;
  onChange: (value: GroupType) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <FormControl component="fieldset" margin="normal" disabled={disabled}>
      <FormLabel component="legend" id={labelId}>
        {t('groups.form.kind')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        name="type"
        value={value}
        onChange={(event) => onChange(event.target.value as GroupType)}
      >
        {groupTypes.map((kind) => (
          <FormControlLabel
            key={kind}
            value={kind}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { mt: -1 } }}
            label={
              <>
                <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                  {t(`groups.kinds.${kind}.label`)}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {t(`groups.kinds.${kind}.hint`)}
                </Typography>
              </>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
