import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ShopItem } from '@plaza/contract/shop';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session';
import { useLang } from '../app/use-lang';
import { formatMoney, formatTaxRate, shopErrorText, useAddToCart } from '../lib/shop';

/**
 * A product of the shop (spec 3 "Shop item": name, image, price) with its tax note, its options, its
 * stock note and "add to cart". Once added it calls `onAdded` with the success text, which the page shows
 * in the 2.5 s snackbar (`show_system_notification_message`); without that setting the card says it
 * in place. A refusal (another currency than the cart's, none left) shows on the card.
 */
export function ShopProductCard({
  product,
  onAdded,
  headingLevel = 'h2',
  compact = false,
}: {
  product: ShopItem;
  onAdded?: (text: string) => void;
  headingLevel?: 'h2' | 'h3';
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { settings } = useSession();
  const add = useAddToCart();
  const [option, setOption] = useState(product.options[0]?.id ?? '');
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const nameId = useId();

  const addToCart = async () => {
    setMessage(null);
    try {
      await add.mutateAsync({ product_id: product.id, option: product.options.length ? option : null });
      const text = t('shop.added', { name: product.name });
      onAdded?.(text);
      if (!settings.show_system_notification_message) setMessage({ severity: 'success', text });
    } catch (caught) {
      setMessage({ severity: 'error', text: shopErrorText(t, caught) });
    }
  };

  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={nameId}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Box
        sx={{
          aspectRatio: '1 / 1',
          bgcolor: 'action.hover',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {product.image ? (
          <Box
            component="img"
            src={product.image}
            alt=""
            width={306}
            height={306}
            loading="lazy"
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('shop.no_image')}
          </Typography>
        )}
      </Box>
      <Box sx={{ p: compact ? 1.5 : 2, display: 'flex', flexDirection: 'column', gap: 1, flexGrow: 1 }}>
        <Typography
          id={nameId}
          component={headingLevel}
          sx={{
            fontSize: compact ? '1rem' : '1.125rem',
            fontWeight: 600,
            overflowWrap: 'break-word',
            hyphens: 'auto',
          }}
        >
          {product.name}
        </Typography>
        {!compact && product.description && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {product.description}
          </Typography>
        )}
        <Box>
          <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.125rem' }}>
            {formatMoney(product.price, product.currency, lang)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {product.tax_rate > 0
              ? t('shop.tax_note', { rate: formatTaxRate(product.tax_rate, lang) })
              : t('shop.tax_free')}
          </Typography>
        </Box>
        {!product.available ? (
          <Typography variant="body2" color="error" sx={{ fontWeight: 600 }}>
            {t('shop.sold_out')}
          </Typography>
        ) : (
          product.stock_left !== null && (
            <Typography variant="body2" color="warning.main" sx={{ fontWeight: 600 }}>
              {t('shop.low_stock', { count: product.stock_left })}
            </Typography>
          )
        )}
        <Box sx={{ flexGrow: 1 }} />
        {product.options.length > 0 && (
          <TextField
            select
            size="small"
            label={t('shop.option')}
            value={option}
            onChange={(event) => setOption(event.target.value)}
            disabled={!product.available}
            // Native: the phone's own picker, and nothing set as the page's first commit hydrates it.
            slotProps={{ select: { native: true } }}
          >
            {product.options.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </TextField>
        )}
        <Button
          variant="contained"
          onClick={addToCart}
          disabled={!product.available || add.isPending}
          aria-label={t('shop.add_named', { name: product.name })}
        >
          {t('shop.add')}
        </Button>
        {message && (
          <Alert
            severity={message.severity}
            role={message.severity === 'error' ? 'alert' : 'status'}
            sx={{ py: 0 }}
          >
            {message.text}
          </Alert>
        )}
      </Box>
    </Card>
  );
}
