/** Overlay texts for the parser tests; line numbers in the tests refer to these. */
export const BANKING = `name: example/banking
description: A bank.
tools:
  send_money:
    annotations:
      inputMetadata: {destination: public, outcomes: irreversible, sensitivity: financial}
    arguments: {recipient: {role: recipient}, subject: {role: content}}
    resolve:
      - when: {argument: recipient, prefix: "DE"}
        annotations: {inputMetadata: {destination: internal, outcomes: irreversible, sensitivity: financial}}
      - when:
          - {argument: file_path, matches: "^/hr/[a-z]+$"}
          - {argument: amount, in: [1, 2, 3]}
        annotations: {returnMetadata: {source: internal, sensitivity: financial}}
defaults:
  annotations: {openWorldHint: true}
`;
