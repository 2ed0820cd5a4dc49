"""Effect records of helper "stat" whose work is done before resolution.

:class:`~rules_engine.records.ActivationCostChange` ("This ability costs {1} less to activate
for each ...") changes the ability's cost as it is activated (602.2b, 601.2f:
cost_modifiers.activation_cost, asked by casting.activate_object); once the ability is on the
stack nothing of it remains to be done (608.2: the resolving ability follows its other
instructions), so its handler only passes over it.
"""

from __future__ import annotations

from rules_engine import records, registry
from rules_engine.context import Ctx


def h_activation_cost_change(ctx: Ctx, eff: records.ActivationCostChange) -> None:
    """Nothing at resolution: the cost was already changed (602.2b)."""
    return None


registry.register_effects({records.ActivationCostChange: h_activation_cost_change})
