/**
 * `pack:sep-examples`: the three example rules of SEP-1913's "Policy Layer (Non-Normative)",
 * in the SEP's own `conditions` form, fact for fact. The SEP does not say when a rule is
 * evaluated; its two rules about the tool are about whether to make the call, and its rule about
 * the response about the result, so each gets a `phase` conjunct that says so (without it the
 * tool rules would fire a second time after the call, when asking can no longer help). The
 * messages are ours (the SEP gives none). Kept as YAML text so a problem in it reports
 * `pack:sep-examples:LINE:COL`.
 */
export const SEP_EXAMPLES_PACK = `# SEP-1913, "Policy Layer (Non-Normative)": example rules, not part of the spec.
rules:
  - name: block-open-world-to-external
    effect: block
    description: The call carries open-world (untrusted) context to a tool that may publish its input.
    conditions:
      and:
        - fact: phase
          equals: call
        - fact: request.annotations.openWorldHint
          equals: true
        - fact: tool.annotations.inputMetadata.destination
          equals: public
    message: >-
      Blocked {{ tool.name }} on {{ server.name }}: this conversation contains untrusted
      content (from {{ request.annotations.attribution }}) and the tool may send what it receives
      to a public destination. Untrusted content can carry hidden instructions, so it must not
      go out unchecked.

  - name: escalate-malicious
    effect: escalate
    description: The result was flagged as possibly malicious.
    conditions:
      and:
        - fact: phase
          equals: result
        - fact: response.annotations.maliciousActivityHint
          equals: true
    message: >-
      The result of {{ tool.name }} on {{ server.name }} was flagged as possibly malicious
      (from {{ response.annotations.attribution }}). Review it before the assistant acts on it.

  - name: confirm-irreversible-actions
    effect: escalate
    description: The tool may have effects that cannot be undone.
    conditions:
      and:
        - fact: phase
          equals: call
        - fact: tool.annotations.inputMetadata.outcomes
          equals: irreversible
    message: >-
      {{ tool.name }} on {{ server.name }} may do something that cannot be undone (outcomes:
      {{ tool.outcomes }}). Confirm that you want it.
`;
