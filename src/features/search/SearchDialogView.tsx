import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef } from 'react';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import { localized, primaryImage, type SearchResult } from '../../../domain/catalogue';
import type { SearchStatus } from '../../../machines/searchMachine';
import { CloseIcon, SearchIcon } from '../../ui/icons';
import { IMAGE_DISPLAYS, responsiveImage } from '../../ui/images';
import { fieldInput } from '../../ui/TextField';
import { productHref, shopSearchHref } from './url';
import { RetryAlert } from '../../ui/RetryAlert';

export type SearchDialogViewProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The text in the field, as typed. */
  text: string;
  /** The trimmed text the shown state is about. */
  term: string;
  status: SearchStatus;
  results: SearchResult[];
  onInput: (text: string) => void;
  /** Enter in the field: all matches in the shop. */
  onSubmit: () => void;
  /** A result or "See all results" was chosen (the link navigates; the dialog closes). */
  onChoose: () => void;
  onRetry: () => void;
};

const resultLink = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minH: '11',
  p: '2',
  borderRadius: 'md',
  color: 'fg',
  textDecoration: 'none',
  _hover: { bg: 'surface.raised' },
  _focusVisible: { outline: '3px solid token(colors.focus)', outlineOffset: '-3px', bg: 'surface.raised' },
});

/** SPEC §2 Search dialog: a search field, its state in a live region, and up to 10 matches as links. */
export function SearchDialogView(props: SearchDialogViewProps) {
  const { open, onOpenChange, text, term, status, results, onInput, onSubmit, onChoose, onRetry } = props;
  const { t, i18n } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const statusId = useId();
  const message =
    status === 'idle'
      ? t`Start typing to search products...`
      : status === 'searching'
        ? t`Searching...`
        : status === 'noResults'
          ? t`No products found for "${term}"`
          : status === 'results'
            ? plural(results.length, { one: '# product found', other: '# products found' })
            : '';
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} initialFocusEl={() => inputRef.current} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={css({ position: 'fixed', inset: 0, bg: 'rgba(0,0,0,0.7)', zIndex: 60 })} />
        <Dialog.Positioner
          className={css({ position: 'fixed', inset: 0, zIndex: 61, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', pt: { base: '0', sm: '16' } })}
        >
          <Dialog.Content
            className={css({
              bg: 'bg',
              color: 'fg',
              w: { base: '100vw', sm: 'min(40rem, calc(100vw - 2rem))' },
              maxH: { base: '100dvh', sm: 'calc(100dvh - 8rem)' },
              display: 'flex',
              flexDirection: 'column',
              borderWidth: { base: '0', sm: '1px' },
              borderBottomWidth: '1px',
              borderColor: 'border',
              borderRadius: { base: '0', sm: 'lg' },
              outline: 'none',
            })}
          >
            <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', px: '5', pt: '4', pb: '2' })}>
              <Dialog.Title className={css({ textStyle: 'heading', fontSize: 'xl', lineHeight: '1.2' })}>
                <Trans>Search Products</Trans>
              </Dialog.Title>
              <Dialog.CloseTrigger className={button({ variant: 'ghost', size: 'icon' })} aria-label={t`Close search`}>
                <CloseIcon />
              </Dialog.CloseTrigger>
            </div>
            <form
              className={css({ px: '5', pb: '3' })}
              onSubmit={(event) => {
                event.preventDefault();
                if (text.trim()) onSubmit();
              }}
            >
              <label htmlFor={inputId} className={css({ srOnly: true })}>
                <Trans>Search for a product</Trans>
              </label>
              <div className={css({ position: 'relative' })}>
                <span aria-hidden="true" className={css({ position: 'absolute', left: '3', top: '50%', transform: 'translateY(-50%)', color: 'fg.muted', display: 'flex' })}>
                  <SearchIcon />
                </span>
                <input
                  ref={inputRef}
                  id={inputId}
                  type="search"
                  enterKeyHint="search"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={100}
                  placeholder={t`Tees, hoodies, shakers…`}
                  value={text}
                  onChange={(event) => onInput(event.target.value)}
                  aria-describedby={statusId}
                  className={`${fieldInput} ${css({ pl: '11' })}`}
                />
              </div>
            </form>
            <div className={css({ flex: '1', overflowY: 'auto', px: '5', pb: '5' })}>
              <p id={statusId} role="status" className={css({ color: 'fg.muted', py: '2', fontSize: 'sm', _empty: { display: 'none' } })}>
                {message}
              </p>
              {status === 'error' && (
                <RetryAlert onRetry={onRetry} className={css({ py: '2' })}>
                  <p>
                    <Trans>Search failed. Please try again.</Trans>
                  </p>
                </RetryAlert>
              )}
              {status === 'results' && (
                <>
                  <ul aria-label={t`Search results`} className={css({ display: 'grid', gap: '1' })}>
                    {results.map((result) => {
                      const { title, subtitle } = localized(result, i18n.locale);
                      const image = primaryImage(result.media);
                      return (
                        <li key={result.id}>
                          <Link href={productHref(result.slug)} className={resultLink} onClick={onChoose}>
                            <span aria-hidden="true" className={css({ flex: 'none', w: '12', h: '3.75rem', bg: 'surface.raised', borderRadius: 'sm', overflow: 'hidden' })}>
                              {image && (
                                <img
                                  {...responsiveImage(image, IMAGE_DISPLAYS.searchThumb)}
                                  alt=""
                                  decoding="async"
                                  className={css({ w: 'full', h: 'full', objectFit: 'cover' })}
                                />
                              )}
                            </span>
                            <span className={css({ display: 'grid', minW: '0' })}>
                              <span className={css({ fontWeight: 'bold', overflowWrap: 'anywhere' })}>{title}</span>
                              {subtitle && <span className={css({ color: 'fg.muted', fontSize: 'sm', truncate: true })}>{subtitle}</span>}
                            </span>
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                  <Link
                    href={shopSearchHref(term)}
                    onClick={onChoose}
                    className={css({
                      display: 'inline-flex',
                      alignItems: 'center',
                      minH: '11',
                      mt: '3',
                      fontWeight: 'bold',
                      color: 'accent.text',
                      textDecoration: 'underline',
                      textUnderlineOffset: '4px',
                      _hover: { color: 'fg' },
                    })}
                  >
                    <Trans>See all results</Trans>
                  </Link>
                </>
              )}
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
