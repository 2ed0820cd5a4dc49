"""Role tokens (303.7, 111.10j-r).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 111.10j-r: the Role tokens are predefined colorless Aura Role enchantment tokens with enchant
  creature (their definitions are in ``effects/tokens.py``, compiled from their rules text
  like any card).
- 303.4f: "Create a Royal Role token attached to that creature": the token is created already
  attached to the object the effect names, which is read before the token exists; 303.4g:
  when there is no such object left on the battlefield (or the Aura couldn't enchant it), the
  token isn't created.
- 303.7a / 704.5y: if a permanent has more than one Role controlled by the same player
  attached to it, each of those Roles except the one with the most recent timestamp is put
  into its owner's graveyard (a state-based action).
"""

from __future__ import annotations

from rules_engine import records, registry
from rules_engine.context import Ctx
from rules_engine.effects.control import can_attach
from rules_engine.effects.core import _players, resolve_ref
from rules_engine.effects.tokens import token_face
from rules_engine.game import Game
from rules_engine.objects import GameObject


def h_create_attached(ctx: Ctx, eff: records.CreateAttachedToken) -> None:
    """303.4f-g: one token for each object named, attached to it as it is created."""
    game = ctx.game
    hosts = [o for o in resolve_ref(ctx, eff.to)
             if isinstance(o, GameObject) and o.zone == "battlefield"]
    controller = (_players(ctx, eff.controller) or [ctx.controller])[0]
    created = []
    for host in hosts:
        face, card = token_face(ctx, eff.token)
        token = game.create_token(controller, face, card=card)
        game.log("token_created", obj=token, player=controller)
        if not can_attach(game, token, host):
            game.note(f"{token.name} can't be attached to {host.name}: not created (303.4g)")
            game.move(token, "graveyard")  # (a token off the battlefield ceases, 704.5d)
            continue
        token.attached_to = host
        game.log("attached", obj=token, to=host)
        created.append(token)
    if created:
        ctx.those = created
        ctx.it = hosts[-1]  # "that creature" still means the creature afterwards


@registry.state_based(order=5)
def _one_role_each(game: Game) -> bool:
    """704.5y: all but the newest Role one player controls on the same permanent go to the
    owner's graveyard."""
    newest: dict[tuple[int, int], GameObject] = {}
    extra: list[GameObject] = []
    for obj in game.battlefield:
        host = obj.attached_to
        if host is None or "Role" not in obj.subtypes:
            continue
        key = (id(host), id(obj.controller))
        other = newest.get(key)
        if other is None:
            newest[key] = obj
        elif other.timestamp < obj.timestamp:
            extra.append(other)
            newest[key] = obj
        else:
            extra.append(obj)
    for obj in extra:
        game.note(f"{obj.name}: a newer Role of its controller is on that permanent (704.5y)")
        game.move(obj, "graveyard")
    return bool(extra)


registry.register_effects({records.CreateAttachedToken: h_create_attached})
