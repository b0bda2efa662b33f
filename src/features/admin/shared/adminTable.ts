import { css } from '../../../../styled-system/css';

/** The admin lists' shared looks: small muted text, table cells, column heads and the filter selects. */
export const muted = css({ color: 'fg.muted', fontSize: 'sm' });
export const cell = css({ px: '3', py: '3', textAlign: 'left', verticalAlign: 'middle', borderBottomWidth: '1px', borderColor: 'border' });
/** A column head's text (goes with `cell`). */
export const headCell = css({ fontSize: 'xs', textTransform: 'uppercase', letterSpacing: 'wide', color: 'fg.muted', whiteSpace: 'nowrap' });
/** A list filter's native <select> (on the raised surface, unlike the form's fieldSelect). */
export const selectInput = css({
  w: 'full',
  minH: '11',
  px: '3',
  bg: 'surface.raised',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'md',
  cursor: 'pointer',
});
/** The scrolling region a wide table sits in (keyboard-focusable, see the callers). */
export const tableRegion = css({ overflowX: 'auto', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', bg: 'surface' });

/**
 * An admin list's <table> that is a table from `md` up and, below (a phone), a stack of cards: one
 * card per row, each cell a line with its column's name (the cell's `data-label`) before the value,
 * so nothing needs sideways scrolling. A cell without `data-label` (the row's title) spans the card.
 */
export const cardTable = css({
  w: 'full',
  borderCollapse: 'collapse',
  mdDown: {
    display: 'block',
    '& thead': { srOnly: true },
    '& tbody, & tr': { display: 'block' },
    '& tbody > tr': { borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', bg: 'surface', px: '4', py: '2', mb: '3', minW: '0' },
    '& tbody > tr > td, & tbody > tr > th': {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '3',
      px: '0',
      py: '2',
      minW: '0',
      maxW: 'none',
      textAlign: 'right',
      borderBottomWidth: '0',
    },
    '& tbody > tr > :not([data-label])': { justifyContent: 'flex-start', textAlign: 'left' },
    '& tbody > tr > [data-label]::before': {
      content: 'attr(data-label)',
      fontSize: 'xs',
      fontWeight: 'semibold',
      textTransform: 'uppercase',
      letterSpacing: 'wide',
      color: 'fg.muted',
      textAlign: 'left',
    },
  },
});
/** The region a `cardTable` sits in: a bordered, sideways-scrolling box from `md` up; nothing around the cards below. */
export const cardTableRegion = css({
  md: { overflowX: 'auto', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', bg: 'surface' },
});
