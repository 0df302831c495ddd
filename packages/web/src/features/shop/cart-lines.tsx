import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Remove from '@mui/icons-material/Remove';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { shopLimits } from '@plaza/contract/constants';
import type { CartError, CartItem } from '@plaza/contract/shop';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang';
import { formatMoney, shopErrorText } from '../../lib/shop';
import { visuallyHidden } from '../../lib/visually-hidden';
import { useRemoveCartItem, useUpdateCartItem } from './api';

/** The cart's lines, each with the problems the cart reports about it. */
export function CartLines({
  items,
  errors,
  currency,
  labelId,
  onRemoved,
}: {
  items: CartItem[];
  errors: CartError[];
  currency: string;
  labelId: string;
  onRemoved: (text: string) => void;
}) {
  return (
    <Box
      component="ul"
      aria-labelledby={labelId}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
    >
      {items.map((item) => (
        <CartLine
          key={item.id}
          item={item}
          currency={currency}
          problems={errors.filter((error) => error.item_id === item.id)}
          onRemoved={onRemoved}
        />
      ))}
    </Box>
  );
}

/**
 * A line: picture, name, option select, quantity stepper (a field and one less / one more), its total
 * and remove; every change is sent at once and the cart's answer shows the new totals. The problems
 * of the line (`price_changed`, `unavailable`, …) show under it in the page language.
 */
function CartLine({
  item,
  currency,
  problems,
  onRemoved,
}: {
  item: CartItem;
  currency: string;
  problems: CartError[];
  onRemoved: (text: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const [quantity, setQuantity] = useState(String(item.quantity));
  const [failure, setFailure] = useState<string | null>(null);
  const nameId = useId();
  const problemId = useId();
  useEffect(() => setQuantity(String(item.quantity)), [item.quantity]);
  const busy = update.isPending || remove.isPending;

  const change = async (body: { quantity?: number; option?: string }) => {
    setFailure(null);
    try {
      await update.mutateAsync({ id: item.id, ...body });
    } catch (caught) {
      setQuantity(String(item.quantity));
      setFailure(shopErrorText(t, caught));
    }
  };
  const commitQuantity = () => {
    const value = Number.parseInt(quantity, 10);
    if (!Number.isInteger(value) || value < 1) return setQuantity(String(item.quantity));
    const next = Math.min(value, shopLimits.maxQuantity);
    if (next !== item.quantity) void change({ quantity: next });
    else setQuantity(String(item.quantity));
  };
  const removeLine = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(item.id);
      onRemoved(t('shop.cart.removed', { name: item.name }));
    } catch (caught) {
      setFailure(shopErrorText(t, caught));
    }
  };

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={nameId}
      aria-describedby={problems.length ? problemId : undefined}
      sx={{ p: 1.5, borderColor: problems.length ? 'warning.main' : undefined }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <Box
          sx={{
            width: { xs: 64, sm: 88 },
            aspectRatio: '1 / 1',
            flexShrink: 0,
            bgcolor: 'action.hover',
            borderRadius: 1,
            overflow: 'hidden',
          }}
        >
          {item.image && (
            <Box
              component="img"
              src={item.image}
              alt=""
              width={88}
              height={88}
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          )}
        </Box>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography id={nameId} component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {item.name}
            </Typography>
            <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              <Box component="span" sx={visuallyHidden}>
                {t('shop.cart.line_total')}:{' '}
              </Box>
              {formatMoney(item.line_total, currency, lang)}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('shop.cart.unit_price', { price: formatMoney(item.unit_price, currency, lang) })}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 1 }}>
            {item.options.length > 0 && (
              <TextField
                select
                size="small"
                label={t('shop.option')}
                value={item.option?.id ?? ''}
                onChange={(event) => void change({ option: event.target.value })}
                disabled={busy}
                sx={{ minWidth: 140 }}
              >
                {item.option === null && <MenuItem value="">{t('shop.cart.no_option')}</MenuItem>}
                {item.options.map((choice) => (
                  <MenuItem key={choice.id} value={choice.id}>
                    {choice.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <IconButton
                aria-label={t('shop.cart.less', { name: item.name })}
                onClick={() => void change({ quantity: item.quantity - 1 })}
                disabled={busy || item.quantity <= 1}
                size="small"
              >
                <Remove fontSize="small" />
              </IconButton>
              <TextField
                size="small"
                label={t('shop.cart.quantity')}
                value={quantity}
                onChange={(event) => setQuantity(event.target.value.replace(/\D/g, ''))}
                onBlur={commitQuantity}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') commitQuantity();
                }}
                disabled={busy}
                sx={{ width: 96 }}
                slotProps={{
                  htmlInput: {
                    inputMode: 'numeric',
                    'aria-label': t('shop.cart.quantity_of', { name: item.name }),
                    maxLength: 2,
                  },
                }}
              />
              <IconButton
                aria-label={t('shop.cart.more', { name: item.name })}
                onClick={() => void change({ quantity: item.quantity + 1 })}
                disabled={busy || item.quantity >= shopLimits.maxQuantity}
                size="small"
              >
                <Add fontSize="small" />
              </IconButton>
            </Box>
            <Button
              size="small"
              color="inherit"
              startIcon={<DeleteOutline aria-hidden />}
              onClick={() => void removeLine()}
              disabled={remove.isPending}
              aria-label={t('shop.cart.remove_named', { name: item.name })}
            >
              {t('shop.cart.remove')}
            </Button>
          </Box>
        </Box>
      </Box>
      {problems.length > 0 && (
        <Alert id={problemId} severity="warning" sx={{ mt: 1 }}>
          {problems.map((problem) => (
            <Box component="span" key={problem.code} sx={{ display: 'block' }}>
              {t(`shop.cart.errors.${problem.code}`, { defaultValue: problem.message })}
            </Box>
          ))}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
    </Paper>
  );
}
