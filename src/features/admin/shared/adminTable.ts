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
