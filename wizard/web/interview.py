from flask import Blueprint
bp = Blueprint("interview", __name__)
