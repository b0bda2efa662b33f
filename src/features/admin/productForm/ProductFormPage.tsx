import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { productFormMachine, selectDirty, selectFormStatus } from '../../../../machines/productFormMachine';
import { createProduct, fetchAdminProduct, saveMedia, saveVariants, updateProduct, uploadProductImage } from '../../../api/admin';
import { useNotify } from '../../../services/context';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { SITE_NAME } from '../../../ui/useDocumentTitle';
import { AuditHistory } from '../audit/AuditHistory';
import { ProductFormView } from './ProductFormView';
import { productFormProps } from './productFormProps';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

const PRODUCTS_HREF = '/admin/products';

/** SPEC §8 Product save. */
const texts = {
  created: msg`Product created!`,
  updated: msg`Product updated!`,
  failed: msg`Failed to save product`,
};

/** /admin/products/new (productId null) and /admin/products/:productId/edit: one form per product. */
export function ProductFormPage({ productId }: { productId: string | null }) {
  return <ProductForm key={productId ?? 'new'} productId={productId} />;
}

function ProductForm({ productId }: { productId: string | null }) {
  const { t, i18n } = useLingui();
  const notify = useNotify();
  const [, navigate] = useLocation();
  // The machine's effects call the latest of these (the language may change while the form is open).
  const effects = useRef({ i18n, notify, navigate });
  effects.current = { i18n, notify, navigate };
  /** Object URLs made for picked files: revoked when their image leaves the form, and all on unmount. */
  const previews = useRef(new Set<string>());

  const [snapshot, send] = useMachine(
    productFormMachine.provide({
      actors: {
        loadProduct: fromPromise(({ input }) => fetchAdminProduct(input)),
        createProduct: fromPromise(({ input }) => createProduct(input)),
        updateProduct: fromPromise(({ input }) => updateProduct(input)),
        saveVariants: fromPromise(({ input }) => saveVariants(input)),
        uploadImage: fromPromise(({ input }) => uploadProductImage(input)),
        saveMedia: fromPromise(({ input }) => saveMedia(input)),
      },
      actions: {
        notifySaved: (_, { mode }) => {
          const { i18n, notify } = effects.current;
          notify({ title: i18n._(mode === 'create' ? texts.created : texts.updated), variant: 'success' });
        },
        notifyFailed: (_, { message }) => {
          const { i18n, notify } = effects.current;
          notify({ title: i18n._(texts.failed), description: message || undefined, variant: 'destructive' });
        },
        leave: () => effects.current.navigate(PRODUCTS_HREF),
      },
    }),
    {
      input: {
        productId,
        previewUrl: (file: File) => {
          const url = URL.createObjectURL(file);
          previews.current.add(url);
          return url;
        },
      },
    },
  );
  const { context } = snapshot;
  const status = selectFormStatus(snapshot);

  useEffect(() => {
    const shown = new Set(context.images.map((image) => image.previewUrl));
    for (const url of previews.current) {
      if (!shown.has(url)) {
        URL.revokeObjectURL(url);
        previews.current.delete(url);
      }
    }
  }, [context.images]);
  useEffect(() => {
    const made = previews.current;
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
      made.clear();
    };
  }, []);

  const guard = useUnsavedChangesGuard(selectDirty(snapshot) && status !== 'saving' && status !== 'saved', navigate);
  const [askReload, setAskReload] = useState(false);

  const title = context.loadedTitle;
  const pageTitle =
    status === 'notFound' ? t`Product not found · Admin` : context.mode === 'create' ? t`New product · Admin` : title ? t`Edit ${title} · Admin` : t`Edit product · Admin`;
  // After the view's own title (effects run child first), and again whenever the view's state changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: status is a dependency on purpose: the view's Page sets its title when the state changes, this one must win.
  useEffect(() => {
    document.title = `${pageTitle} · ${SITE_NAME}`;
  }, [pageTitle, status]);

  return (
    <>
      <ProductFormView
        {...productFormProps(snapshot, send, {
          onReload: () => (selectDirty(snapshot) ? setAskReload(true) : send({ type: 'product.reload' })),
          onCancel: () => guard.leave(PRODUCTS_HREF),
        })}
      />
      {context.mode === 'edit' && context.productId && (status === 'editing' || status === 'failed' || status === 'conflict') && (
        <AuditHistory key={`${context.productId}-${context.updatedAt}`} subjectId={context.productId} />
      )}
      <ConfirmDialog
        open={guard.dialog.open}
        title={t`Leave without saving?`}
        description={t`Your changes to this product will be lost.`}
        confirmLabel={t`Leave`}
        cancelLabel={t`Stay`}
        destructive
        onConfirm={guard.dialog.onConfirm}
        onCancel={guard.dialog.onCancel}
      />
      <ConfirmDialog
        open={askReload}
        title={t`Reload this product?`}
        description={t`Your changes in this form will be discarded and the product's current version loaded.`}
        confirmLabel={t`Reload product`}
        cancelLabel={t`Keep my changes`}
        destructive
        onConfirm={() => {
          setAskReload(false);
          send({ type: 'product.reload' });
        }}
        onCancel={() => setAskReload(false)}
      />
    </>
  );
}
