import { check } from '../check.js';
import { type Probe, firstLine } from './probe.js';

/** What a failed `codesign --verify` says, and what it means for shipping the app. */
const CODESIGN_MEANINGS: [RegExp, string][] = [
  [/not signed at all/i, 'The app is not signed: on other Macs Gatekeeper blocks it as from an unidentified developer.'],
  [
    /sealed resource is missing or invalid|file added|file modified|invalid signature|modified/i,
    'Files changed after signing (e.g. fuses flipped or app.asar replaced afterwards): Gatekeeper reports the app as damaged. Sign last.',
  ],
  [
    /nested code|code object is not signed|subcomponent/i,
    'A nested helper, framework or binary is unsigned: --deep verification fails and so does notarization.',
  ],
  [/resource envelope is obsolete|version 1 signature/i, 'An obsolete signature format: re-sign with a current codesign.'],
];

/** codesign, the stapled notarization ticket and Gatekeeper's assessment, each run on the bundle. */
export function macProbes(bundle: string): Probe[] {
  return [
    {
      id: 'signature:codesign',
      host: 'darwin',
      file: 'codesign',
      args: ['--verify', '--deep', '--strict', '--verbose=2', bundle],
      judge: (exit) => {
        if (exit.code === 0)
          return check('signature:codesign', 'pass', 'Valid on disk and satisfies its Designated Requirement (deep, strict).');
        const line = firstLine(exit);
        const meaning = CODESIGN_MEANINGS.find(([pattern]) => pattern.test(`${exit.stderr}\n${exit.stdout}`))?.[1];
        return check('signature:codesign', 'fail', `${meaning ?? 'The signature does not verify.'} codesign said: ${line}`);
      },
    },
    {
      id: 'signature:notarization',
      host: 'darwin',
      file: 'xcrun',
      args: ['stapler', 'validate', bundle],
      judge: (exit) => {
        const text = `${exit.stdout}\n${exit.stderr}`;
        if (exit.code === 0)
          return check('signature:notarization', 'pass', 'A notarization ticket is stapled: Gatekeeper accepts the app offline.');
        if (/does not have a ticket stapled|no ticket/i.test(text))
          return check(
            'signature:notarization',
            'fail',
            'No notarization ticket is stapled: first launch needs Apple online and is refused offline. Notarize, then xcrun stapler staple.',
          );
        if (/unable to find utility|not a developer tool/i.test(text)) return undefined;
        return check('signature:notarization', 'fail', `stapler could not validate a ticket: ${firstLine(exit)}`);
      },
    },
    {
      id: 'signature:gatekeeper',
      host: 'darwin',
      file: 'spctl',
      args: ['--assess', '--type', 'execute', '--verbose=4', bundle],
      judge: (exit) => {
        const source = /source=(.+)/.exec(`${exit.stderr}\n${exit.stdout}`)?.[1]?.trim();
        const from = source ? ` (source: ${source})` : '';
        if (exit.code === 0) return check('signature:gatekeeper', 'pass', `Gatekeeper accepts the app${from}.`);
        if (exit.code === 3 || /rejected/i.test(exit.stderr))
          return check(
            'signature:gatekeeper',
            'fail',
            `Gatekeeper rejects the app${from}: users see "cannot be opened"${/unnotarized/i.test(source ?? '') ? '; it is signed but not notarized' : ''}.`,
          );
        return undefined;
      },
    },
  ];
}
