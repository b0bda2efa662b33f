import { useLingui } from '@lingui/react/macro';
import { useState, type DragEvent } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { button } from '../../../../styled-system/recipes';
import type { FormErrors, ImageDraft } from '../../../../domain/productForm';
import { defaultAlt, type FileProblem } from '../../../../domain/productImages';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGES_MAX } from '../../../../domain/products';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { fieldId } from './formFields';
import { fieldProblemText, fileProblemText, megabytes } from './problemText';

/** Where an image stands in the running or failed save. */
export type UploadState = 'saved' | 'new' | 'uploading' | 'uploaded' | 'failed' | 'waiting';

export type ImagesFieldProps = {
  images: ImageDraft[];
  errors: FormErrors;
  /** Each image's place in the save (see uploadStates in ProductFormView). */
  uploadStates: Record<string, UploadState>;
  fileProblems: { fileName: string; problem: FileProblem }[];
  /** The product's title, for the alt text an image gets when its field is left blank. */
  title: string;
  disabled: boolean;
  onAddFiles: (files: File[]) => void;
  onRemoveImage: (key: string) => void;
  onMoveImage: (key: string, toIndex: number) => void;
  onAltChange: (key: string, alt: string) => void;
};

const ACCEPT = IMAGE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const moveButton = cx(button({ variant: 'ghost', size: 'sm' }), css({ minH: '11', px: '2', '&[aria-disabled=true]': { opacity: 0.4, cursor: 'not-allowed' } }));

/**
 * SPEC §5 Images: dropped or picked files (JPEG, PNG, WebP), shown in order with the first as the
 * primary image; each can move (buttons, so the keyboard can), be removed and get an alt text.
 */
export function ImagesField({ images, errors, uploadStates, fileProblems, title, disabled, onAddFiles, onRemoveImage, onMoveImage, onAltChange }: ImagesFieldProps) {
  const { t, i18n } = useLingui();
  const [dragging, setDragging] = useState(false);
  const [moved, setMoved] = useState('');
  const inputId = fieldId('images.input');
  const hintId = `${inputId}-hint`;
  const maxSize = megabytes(i18n, IMAGE_MAX_BYTES);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onAddFiles(files);
  };

  const move = (image: ImageDraft, to: number) => {
    if (to < 0 || to >= images.length) return;
    onMoveImage(image.key, to);
    const position = to + 1;
    setMoved(to === 0 ? t`Image moved to position 1 (primary).` : t`Image moved to position ${position}.`);
  };

  const stateBadge = (state: UploadState) => {
    switch (state) {
      case 'new':
        return <Badge tone="neutral">{t`New`}</Badge>;
      case 'waiting':
        return <Badge tone="neutral">{t`Waiting to upload`}</Badge>;
      case 'uploading':
        return <Badge tone="info">{t`Uploading...`}</Badge>;
      case 'uploaded':
        return (
          <Badge tone="success">
            <span aria-hidden="true">✓&nbsp;</span>
            {t`Uploaded`}
          </Badge>
        );
      case 'failed':
        return <Badge tone="danger">{t`Upload failed`}</Badge>;
      case 'saved':
        return null;
    }
  };

  return (
    <div className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '4' })}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the Choose files button does the same by keyboard. */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        className={css({
          display: 'grid',
          justifyItems: 'center',
          gap: '3',
          textAlign: 'center',
          p: { base: '5', md: '8' },
          borderWidth: '2px',
          borderStyle: 'dashed',
          borderColor: 'border.strong',
          borderRadius: 'lg',
          bg: 'surface',
          '&[data-dragging]': { borderColor: 'accent', bg: 'surface.raised' },
        })}
      >
        <p className={css({ fontWeight: 'semibold' })}>{t`Drag and drop images here, or`}</p>
        <div>
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            multiple
            aria-describedby={hintId}
            className={cx('peer', css({ srOnly: true }))}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              // Cleared so that picking the same file again (after removing it) still reports a change.
              event.target.value = '';
              if (files.length > 0) onAddFiles(files);
            }}
          />
          <label
            htmlFor={inputId}
            className={cx(
              button({ variant: 'outline' }),
              css({
                _peerFocusVisible: { outline: '3px solid token(colors.focus)', outlineOffset: '2px' },
                _peerDisabled: { opacity: 0.6, cursor: 'not-allowed' },
              }),
            )}
          >
            {t`Choose files`}
          </label>
        </div>
        <p id={hintId} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t`JPEG, PNG or WebP, up to ${maxSize} each; at most ${IMAGES_MAX} images. The first image is the primary one.`}
        </p>
      </div>

      <div aria-live="polite">
        {fileProblems.length > 0 && (
          <div className={css({ borderWidth: '1px', borderColor: 'danger', borderRadius: 'md', p: '3' })}>
            <p id={`${inputId}-refused`} className={css({ fontWeight: 'semibold', color: 'danger' })}>
              {t`Not added:`}
            </p>
            <ul aria-labelledby={`${inputId}-refused`} className={css({ mt: '1', display: 'grid', gap: '1', fontSize: 'sm' })}>
              {fileProblems.map(({ fileName, problem }, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the same file name can be refused twice.
                <li key={`${index}-${fileName}`} className={css({ overflowWrap: 'anywhere' })}>
                  <span className={css({ fontWeight: 'semibold' })}>{fileName}</span> — {fileProblemText(i18n, problem)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      {images.length > 0 && (
        <ol
          aria-label={t`Images`}
          className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } })}
        >
          {images.map((image, index) => {
            const n = index + 1;
            const altPath = `images.${image.key}.alt` as const;
            const altProblem = errors[altPath];
            const state = uploadStates[image.key] ?? 'saved';
            const first = index === 0;
            const last = index === images.length - 1;
            const fallbackAlt = title.trim() ? defaultAlt(title, index) : '';
            return (
              <li
                key={image.key}
                aria-label={first ? t`Image ${n} (primary)` : t`Image ${n}`}
                className={css({
                  display: 'grid',
                  gap: '3',
                  alignContent: 'start',
                  p: '3',
                  borderWidth: '1px',
                  borderColor: state === 'failed' ? 'danger' : 'border',
                  borderRadius: 'md',
                  bg: 'surface',
                })}
              >
                <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-start' })}>
                  <img
                    src={image.url ?? image.previewUrl}
                    alt=""
                    width={96}
                    height={120}
                    className={css({ flexShrink: 0, w: '6rem', h: '7.5rem', objectFit: 'cover', bg: 'surface.raised', borderRadius: 'sm' })}
                  />
                  <div className={css({ display: 'grid', gap: '2', minW: '0' })}>
                    <p className={css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })}>
                      <span className={css({ fontWeight: 'semibold', color: 'fg' })}>{t`Image ${n}`}</span> · {image.fileName}
                    </p>
                    {/* Badges wrap onto their own lines rather than widen the card on a phone. */}
                    <div data-badges className={css({ display: 'flex', flexWrap: 'wrap', gap: '1', _empty: { display: 'none' }, '& > span': { whiteSpace: 'normal' } })}>
                      {first && <Badge tone="warning">{t`Primary`}</Badge>}
                      {stateBadge(state)}
                    </div>
                  </div>
                </div>
                <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })}>
                  <button
                    type="button"
                    className={moveButton}
                    aria-disabled={first || undefined}
                    aria-label={t`Move image ${n} left`}
                    onClick={() => !first && move(image, index - 1)}
                  >
                    <span aria-hidden="true">←</span>
                    {t`Left`}
                  </button>
                  <button
                    type="button"
                    className={moveButton}
                    aria-disabled={last || undefined}
                    aria-label={t`Move image ${n} right`}
                    onClick={() => !last && move(image, index + 1)}
                  >
                    {t`Right`}
                    <span aria-hidden="true">→</span>
                  </button>
                  <Button variant="ghost" size="sm" className={css({ minH: '11', ml: 'auto' })} aria-label={t`Remove image ${n}`} onClick={() => onRemoveImage(image.key)}>
                    {t`Remove`}
                  </Button>
                </div>
                <TextField
                  id={fieldId(altPath)}
                  label={t`Alt text for image ${n}`}
                  value={image.alt}
                  placeholder={fallbackAlt || undefined}
                  hint={fallbackAlt ? t`Left blank, it is saved as "${fallbackAlt}".` : t`Left blank, it is saved as the title and the image number.`}
                  error={altProblem ? fieldProblemText(i18n, altPath, altProblem) : undefined}
                  onChange={(event) => onAltChange(image.key, event.target.value)}
                />
              </li>
            );
          })}
        </ol>
      )}
      <p aria-live="polite" className={css({ srOnly: true })}>
        {moved}
      </p>
    </div>
  );
}
