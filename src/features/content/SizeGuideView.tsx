import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { Page } from '../../ui/Page';
import { Prose } from '../../ui/Prose';
import { BOTTOM_SIZES, TOP_SIZES } from './data';
import { useContentFormat } from './format';
import { SupportNav } from './SupportNav';

const srOnly = css({ srOnly: true });

/** /support/size-guide: the two size tables of SPEC §2 with their fit notes. */
export function SizeGuideView() {
  const { t } = useLingui();
  const { num, range } = useContentFormat();
  return (
    <Page title={t`Size Guide`} lead={t`Find your fit. All measurements are in centimetres and describe the garment, not the body.`}>
      <SupportNav current="/support/size-guide" />
      <Prose>
        <h2>
          <Trans>Tops (T-Shirts & Hoodies)</Trans>
        </h2>
        <p>
          <Trans>
            Our tops are cut oversized for a relaxed, boxy look. <strong>Size down for a regular fit.</strong>
          </Trans>
        </p>
        <table>
          <caption className={srOnly}>{t`Tops: chest width and length per size in centimetres`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Size`}</th>
              <th scope="col">{t`Chest (cm)`}</th>
              <th scope="col">{t`Length (cm)`}</th>
            </tr>
          </thead>
          <tbody>
            {TOP_SIZES.map((row) => (
              <tr key={row.size}>
                <th scope="row">{row.size}</th>
                <td>{num(row.chest)}</td>
                <td>{num(row.length)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <h2>
          <Trans>Bottoms</Trans>
        </h2>
        <p>
          <Trans>Our shorts and bottoms run true to size: pick the size you usually wear.</Trans>
        </p>
        <table>
          <caption className={srOnly}>{t`Bottoms: waist and length per size in centimetres`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Size`}</th>
              <th scope="col">{t`Waist (cm)`}</th>
              <th scope="col">{t`Length (cm)`}</th>
            </tr>
          </thead>
          <tbody>
            {BOTTOM_SIZES.map((row) => (
              <tr key={row.size}>
                <th scope="row">{row.size}</th>
                <td>{range(row.waist[0], row.waist[1])}</td>
                <td>{num(row.length)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <h2>
          <Trans>How to measure</Trans>
        </h2>
        <ul>
          <li>
            <Trans>
              <strong>Chest:</strong> lay a T-shirt that fits you well flat and measure straight across, just below the armpits, then double it.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Length:</strong> measure from the highest point of the shoulder down to the hem.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Waist:</strong> measure around your natural waistline, keeping the tape comfortably loose.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>
            Between two sizes? Take the smaller one for our tops and the larger one for bottoms. Still unsure? Send us your measurements via the{' '}
            <Link href="/contact">contact form</Link> and we will help you choose.
          </Trans>
        </p>
      </Prose>
    </Page>
  );
}
