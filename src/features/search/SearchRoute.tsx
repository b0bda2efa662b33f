import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useLocation } from 'wouter';
import { css } from '../../../styled-system/css';
import { Button } from '../../ui/Button';
import { SearchIcon } from '../../ui/icons';
import { Page } from '../../ui/Page';
import { fieldInput } from '../../ui/TextField';
import { shopSearchHref } from './url';

/**
 * /search: where the header's Search leads before the app runs (docs/adr/0035). A plain GET form to
 * /shop?q=…, the search results the server renders; once the app runs, it navigates in place.
 */
export default function SearchRoute() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const inputId = useId();
  return (
    <Page title={t`Search Products`} width="narrow">
      <form
        action="/shop"
        method="get"
        className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' })}
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('q');
          if (typeof value === 'string' && value.trim()) navigate(shopSearchHref(value));
        }}
      >
        {/* Uncontrolled: text typed before the app runs stays when it hydrates. */}
        <div className={css({ display: 'grid', gap: '1', flex: '1 1 16rem' })}>
          <label htmlFor={inputId} className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>
            <Trans>Search for a product</Trans>
          </label>
          <div className={css({ position: 'relative' })}>
            <span aria-hidden="true" className={css({ position: 'absolute', left: '3', top: '50%', transform: 'translateY(-50%)', color: 'fg.muted', display: 'flex' })}>
              <SearchIcon />
            </span>
            <input
              id={inputId}
              name="q"
              type="search"
              required
              // biome-ignore lint/a11y/noAutofocus: the page exists for this one field; the browser focuses it before any script runs
              autoFocus
              enterKeyHint="search"
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
              placeholder={t`Tees, hoodies, shakers…`}
              className={`${fieldInput} ${css({ pl: '11' })}`}
            />
          </div>
        </div>
        <Button type="submit" className={css({ minH: '11' })}>
          <Trans>Show results</Trans>
        </Button>
      </form>
    </Page>
  );
}
