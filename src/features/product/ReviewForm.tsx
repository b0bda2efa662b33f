import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { css } from '../../../styled-system/css';
import { RATING_MAX, type ReviewDraft } from '../../../domain/reviews';
import type { ReviewFormStatus } from '../../../machines/reviewFormMachine';
import { BODY_MAX, TITLE_MAX } from '../../../machines/reviewFormMachine';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Spinner } from '../../ui/Spinner';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';

export type ReviewFormProps = {
  status: ReviewFormStatus;
  draft: ReviewDraft;
  /** Why the purchase check failed. */
  error?: string | null;
  onRating: (rating: number) => void;
  onChange: (field: 'title' | 'body', value: string) => void;
  onSubmit: () => void;
  onRetry: () => void;
};

const box = css({ bg: 'surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', p: { base: '4', md: '6' } });
const noteTitle = css({ fontWeight: 'bold', mb: '1' });
const STAR = 'M12 2l2.9 6.9 7.1.6-5.4 4.7 1.6 7-6.2-3.8-6.2 3.8 1.6-7L2 9.5l7.1-.6z';

/** Five radio buttons drawn as stars: arrow keys move between them like any radio group. */
function StarInput({ value, disabled, onChange }: { value: number; disabled: boolean; onChange: (rating: number) => void }) {
  const { t } = useLingui();
  const name = useId();
  return (
    <fieldset disabled={disabled} className={css({ border: 'none', p: '0', m: '0' })}>
      <legend className={css({ fontWeight: 'semibold', fontSize: 'sm', mb: '1' })}>{t`Rating`}</legend>
      <div className={css({ display: 'flex', gap: '1' })}>
        {Array.from({ length: RATING_MAX }, (_, i) => {
          const n = i + 1;
          return (
            <label
              key={n}
              className={css({
                position: 'relative',
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                w: '11',
                h: '11',
                color: 'warning',
                cursor: 'pointer',
                borderRadius: 'md',
                '&:has(input:focus-visible)': { outline: '3px solid token(colors.focus)', outlineOffset: '2px' },
              })}
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                aria-label={n === 1 ? t`1 star` : t`${n} stars`}
                className={css({ position: 'absolute', inset: '0', opacity: 0, m: '0', cursor: 'pointer' })}
              />
              <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" className={css({ pointerEvents: 'none' })}>
                <path d={STAR} fill={n <= value ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.5" />
              </svg>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The write-a-review form and what stands in for it while a shopper may not review. */
export function ReviewForm({ status, draft, error, onRating, onChange, onSubmit, onRetry }: ReviewFormProps) {
  const { t } = useLingui();
  const errorId = useId();
  const headingId = useId();
  const heading = (
    <h3 id={headingId} className={css({ textStyle: 'heading', fontSize: 'xl', mb: '4' })}>
      <Trans>Write a Review</Trans>
    </h3>
  );

  if (status === 'waitingForAuth' || status === 'checking') {
    return (
      <section aria-labelledby={headingId} className={box}>
        {heading}
        <Spinner label={t`Checking whether you can review this product...`} />
      </section>
    );
  }
  if (status === 'signInRequired' || status === 'purchaseRequired') {
    return (
      <section aria-labelledby={headingId} className={box}>
        {heading}
        {status === 'signInRequired' ? (
          <>
            <p className={noteTitle}>
              <Trans>Sign in required</Trans>
            </p>
            <p className={css({ color: 'fg.muted', mb: '4' })}>
              <Trans>You must be signed in to write a review.</Trans>
            </p>
            <ButtonLink href="/auth" variant="outline">
              <Trans>Sign in</Trans>
            </ButtonLink>
          </>
        ) : (
          <>
            <p className={noteTitle}>
              <Trans>Purchase required</Trans>
            </p>
            <p className={css({ color: 'fg.muted' })}>
              <Trans>You can only review products you've purchased.</Trans>
            </p>
          </>
        )}
      </section>
    );
  }
  if (status === 'checkError') {
    return (
      <section aria-labelledby={headingId} className={box}>
        {heading}
        <div role="alert">
          <p className={noteTitle}>
            <Trans>We couldn't check whether you can review this product.</Trans>
          </p>
          {error && <p className={css({ color: 'fg.muted', mb: '4' })}>{error}</p>}
        </div>
        <Button variant="outline" onClick={onRetry}>
          <Trans>Try Again</Trans>
        </Button>
      </section>
    );
  }

  const submitting = status === 'submitting';
  const invalid = status === 'invalid';
  const missing = (value: string) => (invalid && value.trim() === '' ? true : undefined);
  return (
    <section aria-labelledby={headingId} className={box}>
      {heading}
      <form
        noValidate
        aria-busy={submitting}
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <StarInput value={draft.rating} disabled={submitting} onChange={onRating} />
        <TextField
          label={t`Title`}
          value={draft.title}
          required
          maxLength={TITLE_MAX}
          readOnly={submitting}
          aria-invalid={missing(draft.title)}
          aria-describedby={missing(draft.title) ? errorId : undefined}
          onChange={(e) => onChange('title', e.target.value)}
        />
        <TextArea
          label={t`Review`}
          value={draft.body}
          required
          maxLength={BODY_MAX}
          readOnly={submitting}
          aria-invalid={missing(draft.body)}
          aria-describedby={missing(draft.body) ? errorId : undefined}
          onChange={(e) => onChange('body', e.target.value)}
        />
        {invalid && (
          <p id={errorId} role="alert" className={css({ color: 'danger', fontSize: 'sm' })}>
            <Trans>Please fill in all required fields.</Trans>
          </p>
        )}
        {status === 'submitted' && (
          <p role="status" className={css({ color: 'success', fontSize: 'sm' })}>
            <Trans>Thank you! Your review has been submitted for approval and will appear soon.</Trans>
          </p>
        )}
        <div>
          <Button type="submit" disabled={submitting}>
            {submitting ? <Trans>Submitting...</Trans> : <Trans>Submit Review</Trans>}
          </Button>
        </div>
      </form>
    </section>
  );
}
