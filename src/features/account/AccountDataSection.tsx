import { Dialog } from '@ark-ui/react/dialog';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef } from 'react';
import { Link } from 'wouter';
import type { AccountDataStatus, DeleteFailure, DeleteFieldErrors } from '../../../machines/accountDataMachine';
import { css } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import { AlertDialogFrame } from '../../ui/AlertDialogFrame';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Checkbox } from '../../ui/Checkbox';
import { TextField } from '../../ui/TextField';

export type AccountDataSectionProps = {
  status: AccountDataStatus;
  password: string;
  confirmed: boolean;
  fieldErrors: DeleteFieldErrors;
  failure: DeleteFailure | null;
  /** The server's words for an unexpected failure. */
  message: string;
  onExport: () => void;
  onOpenDelete: () => void;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: boolean) => void;
  onSubmitDelete: () => void;
  onCancelDelete: () => void;
  onRetryDelete: () => void;
};

const cardTitle = css({ textStyle: 'heading', fontSize: 'xl', letterSpacing: 'wide', mb: '2' });
const cardText = css({ color: 'fg.muted', mb: '4' });
const DIALOG_STATES: AccountDataStatus[] = ['confirmDelete', 'reauthenticating', 'deleting', 'deleted', 'failed'];

/** "Your data" on /account: a copy of everything we hold (Art. 15, 20 GDPR) and deleting the account (Art. 17). */
export function AccountDataSection(props: AccountDataSectionProps) {
  const { t } = useLingui();
  const { status, onExport, onOpenDelete } = props;
  const exporting = status === 'exporting';
  return (
    <Card>
      <h2 className={cardTitle}>
        <Trans>Your data</Trans>
      </h2>
      <p className={cardText}>
        <Trans>
          Download a copy of everything we hold about you, or delete your account. <Link href="/privacy">How we handle your data</Link>
        </Trans>
      </p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
        <Button variant="outline" onClick={onExport} disabled={exporting} aria-busy={exporting || undefined}>
          {exporting ? t`Preparing your data...` : t`Download my data`}
        </Button>
        <Button variant="danger" onClick={onOpenDelete} disabled={exporting}>
          <Trans>Delete my account</Trans>
        </Button>
      </div>
      {status === 'exportFailed' && (
        <p role="alert" className={css({ color: 'danger', mt: '3' })}>
          <Trans>Your data could not be downloaded. Please try again.</Trans>
        </p>
      )}
      <DeleteDialog {...props} open={DIALOG_STATES.includes(status)} />
    </Card>
  );
}

function DeleteDialog({
  open,
  status,
  password,
  confirmed,
  fieldErrors,
  failure,
  message,
  onPasswordChange,
  onConfirmChange,
  onSubmitDelete,
  onCancelDelete,
  onRetryDelete,
}: AccountDataSectionProps & { open: boolean }) {
  const { t } = useLingui();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const busy = status === 'reauthenticating' || status === 'deleting' || status === 'deleted';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmitDelete();
  };
  const passwordError = fieldErrors.password === 'required' ? t`Enter your password.` : fieldErrors.password === 'wrong' ? t`That password is not right.` : undefined;
  return (
    <AlertDialogFrame open={open} title={t`Delete your account?`} initialFocus={cancelRef} busy={busy} onCancel={onCancelDelete} width="32rem">
      <Dialog.Description asChild>
        <div className={css({ color: 'fg.muted', display: 'grid', gap: '2', '& ul': { listStyle: 'disc', pl: '5', display: 'grid', gap: '1' } })}>
          <p>
            <Trans>This cannot be undone.</Trans>
          </p>
          <ul>
            <li>
              <Trans>Your account, your profile, your newsletter subscription and your saved details are deleted.</Trans>
            </li>
            <li>
              <Trans>Your orders stay for the 10 years German tax law requires (§ 147 AO, § 257 HGB), without your name, address, phone number or email address.</Trans>
            </li>
            <li>
              <Trans>Your reviews stay on the shop without your name or email address.</Trans>
            </li>
          </ul>
        </div>
      </Dialog.Description>
      {status === 'failed' ? (
        <FailureNotice failure={failure} message={message} />
      ) : (
        <form id="delete-account" noValidate onSubmit={submit} className={css({ display: 'grid', gap: '4' })}>
          <TextField
            label={t`Your password`}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            readOnly={busy}
            error={passwordError}
            onChange={(e) => onPasswordChange(e.target.value)}
          />
          <div>
            <Checkbox
              label={t`I understand that my account is deleted for good.`}
              checked={confirmed}
              disabled={busy}
              aria-invalid={fieldErrors.confirm ? true : undefined}
              aria-describedby={fieldErrors.confirm ? 'delete-confirm-error' : undefined}
              onChange={(e) => onConfirmChange(e.target.checked)}
            />
            {fieldErrors.confirm && (
              <p id="delete-confirm-error" className={css({ color: 'danger', fontSize: 'sm', mt: '1' })}>
                <Trans>Tick the box to confirm.</Trans>
              </p>
            )}
          </div>
        </form>
      )}
      <div className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '3' })}>
        <button ref={cancelRef} type="button" className={button({ variant: 'outline' })} disabled={busy} onClick={onCancelDelete}>
          {status === 'failed' ? t`Close` : t`Keep my account`}
        </button>
        {status === 'failed' ? (
          failure !== 'open_orders' &&
          failure !== 'admin_account' && (
            <Button variant="solid" onClick={onRetryDelete}>
              <Trans>Try Again</Trans>
            </Button>
          )
        ) : (
          <Button type="submit" form="delete-account" variant="danger" disabled={busy}>
            {status === 'reauthenticating' ? t`Checking your password...` : busy ? t`Deleting...` : t`Delete my account`}
          </Button>
        )}
      </div>
    </AlertDialogFrame>
  );
}

function FailureNotice({ failure, message }: { failure: DeleteFailure | null; message: string }) {
  const text = (() => {
    switch (failure) {
      case 'open_orders':
        return (
          <Trans>
            You still have an open order. Your account can be deleted once every order has been delivered, cancelled or refunded. <Link href="/orders">See your orders</Link>
          </Trans>
        );
      case 'admin_account':
        return <Trans>An admin account cannot be deleted here. Ask the shop's operator to remove it from the admin list first.</Trans>;
      case 'reauthentication_needed':
        return <Trans>Your password check has expired. Please enter your password again.</Trans>;
      case 'rate_limited':
        return <Trans>Too many attempts. Please wait a few minutes and try again.</Trans>;
      case 'network':
        return <Trans>We could not reach the shop. Check your connection and try again.</Trans>;
      default:
        return (
          <>
            <Trans>Your account could not be deleted. Nothing has changed.</Trans> {message}
          </>
        );
    }
  })();
  return (
    <p role="alert" className={css({ color: 'danger' })}>
      {text}
    </p>
  );
}
