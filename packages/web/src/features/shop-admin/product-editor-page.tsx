import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { AdminProduct } from '@plaza/contract';
import { limits } from '@plaza/contract/constants';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../app/use-lang';
import { AdminEditorShell } from '../../components/admin-editor-shell';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { apiErrorText } from '../../lib/api-error-text';
import { useManagesShop } from './access';
import {
  adminProductQuery,
  useCreateProduct,
  useDeleteProduct,
  useProductImage,
  useSaveProduct,
} from './api';
import { ProductForm } from './product-form';
import {
  isProductField,
  type Problems,
  type ProductValues,
  productInput,
  productValues,
  serverProblems,
} from './product-values';

/**
 * A product in the shop administration: `/{lang}/admin/shop/new` creates one, `/{lang}/admin/shop/{id}`
 * edits it, sets or removes its image and deletes it (superadmins and the shop permission).
 */
export function ProductEditorPage() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <AdminEditorShell
      allowed={useManagesShop()}
      query={adminProductQuery}
      listPath="/admin/shop"
      listTitle={t('shop_admin.title')}
      newTitle={t('shop_admin.product.create_title')}
      titleOf={(product) => (lang === 'de_DE' ? product.name_de : product.name_en)}
      loading={t('shop_admin.loading')}
      editor={(product) => <Editor product={product} />}
    />
  );
}

function Editor({ product }: { product: AdminProduct | undefined }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [values, setValues] = useState<ProductValues>(() => productValues(product, lang));
  const [problems, setProblems] = useState<Problems>({});
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const create = useCreateProduct();
  const save = useSaveProduct(product?.id ?? 0);
  const remove = useDeleteProduct(product?.id ?? 0);
  const pending = create.isPending || save.isPending;

  const onSave = async () => {
    const result = productInput(values);
    if ('problems' in result) {
      setProblems(result.problems);
      setMessage({ kind: 'error', text: t('shop_admin.form.fix_fields') });
      return;
    }
    setProblems({});
    setMessage(null);
    try {
      if (!product) {
        const created = await create.mutateAsync(result.input);
        navigate(`/${lang}/admin/shop/${created.id}`, { replace: true });
        return;
      }
      await save.mutateAsync(result.input);
      setMessage({ kind: 'success', text: t('shop_admin.product.saved') });
    } catch (error) {
      const atFields = serverProblems(error, isProductField);
      setProblems(atFields);
      setMessage({
        kind: 'error',
        text: Object.keys(atFields).length > 0 ? t('shop_admin.form.fix_fields') : apiErrorText(t, error),
      });
    }
  };

  return (
    <Box component="section" aria-labelledby="product-editor-title">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography id="product-editor-title" variant="h1">
          {product ? t('shop_admin.product.edit_title') : t('shop_admin.product.create_title')}
        </Typography>
        {product && (
          <Chip
            color={product.active ? 'success' : 'default'}
            label={t(product.active ? 'shop_admin.products.active' : 'shop_admin.products.inactive')}
          />
        )}
      </Box>
      {product ? (
        <ImagePart
          product={product}
          onError={(error) => setMessage({ kind: 'error', text: apiErrorText(t, error) })}
        />
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('shop_admin.product.image_after_create')}
        </Typography>
      )}
      <Box
        component="form"
        noValidate
        aria-labelledby="product-editor-title"
        onSubmit={(event) => {
          event.preventDefault();
          void onSave();
        }}
      >
        <ProductForm values={values} problems={problems} onChange={setValues} />
        <Box
          role="group"
          aria-label={t('shop_admin.product.actions')}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 3 }}
        >
          <Button type="submit" variant="contained" disabled={pending}>
            {product ? t('shop_admin.product.save') : t('shop_admin.product.create')}
          </Button>
          {product && (
            <Button variant="text" color="error" disabled={pending} onClick={() => setDeleting(true)}>
              {t('shop_admin.product.delete')}
            </Button>
          )}
        </Box>
      </Box>
      <Box role="status" sx={{ mt: 2 }}>
        {message && <Alert severity={message.kind}>{message.text}</Alert>}
      </Box>
      {product && (
        <ConfirmDialog
          open={deleting}
          title={t('shop_admin.product.confirm_delete.title')}
          text={t('shop_admin.product.confirm_delete.text', {
            name: lang === 'de_DE' ? product.name_de : product.name_en,
          })}
          confirmLabel={t('shop_admin.product.confirm_delete.confirm')}
          destructive
          pending={remove.isPending}
          error={remove.error ? apiErrorText(t, remove.error) : null}
          onClose={() => setDeleting(false)}
          onConfirm={() =>
            remove.mutate(undefined, { onSuccess: () => navigate(`/${lang}/admin/shop`, { replace: true }) })
          }
        />
      )}
    </Box>
  );
}

/** The product's square image: uploaded (checked and squared by the server) or removed. */
function ImagePart({ product, onError }: { product: AdminProduct; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const image = useProductImage(product.id);
  const send = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > limits.uploadMaxBytes) {
      onError(new Error('too large'));
      return;
    }
    try {
      await image.mutateAsync(file);
    } catch (error) {
      onError(error);
    }
  };
  return (
    <Box component="section" aria-labelledby="product-image-title" sx={{ mb: 3 }}>
      <Typography id="product-image-title" variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
        {t('shop_admin.form.image')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {product.image && (
          <Box
            component="img"
            src={product.image}
            alt={t('shop_admin.form.image_alt')}
            sx={{ width: 153, height: 153, borderRadius: 2, objectFit: 'cover' }}
          />
        )}
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          tabIndex={-1}
          aria-hidden
          data-testid="product-image-input"
          onChange={(event) => {
            void send(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button variant="outlined" disabled={image.isPending} onClick={() => input.current?.click()}>
          {t('shop_admin.form.upload_image')}
        </Button>
        {product.image && (
          <Button
            variant="text"
            color="error"
            disabled={image.isPending}
            onClick={() => image.mutate(null, { onError })}
          >
            {t('shop_admin.form.remove_image')}
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('shop_admin.form.image_hint')}
      </Typography>
    </Box>
  );
}
