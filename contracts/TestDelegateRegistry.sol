// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A test stand-in for the delegate registry v2 (delegate.xyz), written from its public interface: the
/// same functions, events and answers, with plain storage. Tests and the dev chain place its runtime
/// code at the registry's canonical address (0x00000000000000447e69651d841bD8D104Bed493) with the
/// local node's set-code call, so no constructor runs and nothing is initialised.
contract TestDelegateRegistry {
    enum DelegationType {
        NONE,
        ALL,
        CONTRACT,
        ERC721,
        ERC20,
        ERC1155
    }

    struct Delegation {
        DelegationType type_;
        address to;
        address from;
        bytes32 rights;
        address contract_;
        uint256 tokenId;
        uint256 amount;
    }

    event DelegateAll(address indexed from, address indexed to, bytes32 rights, bool enable);
    event DelegateContract(address indexed from, address indexed to, address indexed contract_, bytes32 rights, bool enable);
    event DelegateERC721(address indexed from, address indexed to, address indexed contract_, uint256 tokenId, bytes32 rights, bool enable);
    event DelegateERC20(address indexed from, address indexed to, address indexed contract_, bytes32 rights, uint256 amount);
    event DelegateERC1155(address indexed from, address indexed to, address indexed contract_, uint256 tokenId, bytes32 rights, uint256 amount);

    /// Every delegation ever made; a revoked one keeps its place with type NONE and amount 0.
    Delegation[] private _delegations;
    /// A delegation's place in `_delegations`, plus one, by its hash (type, from, to, rights, contract, token).
    mapping(bytes32 => uint256) private _places;

    function _set(Delegation memory delegation, bool enable) private returns (bytes32 delegationHash) {
        delegationHash = keccak256(
            abi.encode(delegation.type_, delegation.from, delegation.to, delegation.rights, delegation.contract_, delegation.tokenId)
        );
        uint256 place = _places[delegationHash];
        if (!enable) {
            delegation.type_ = DelegationType.NONE;
            delegation.amount = 0;
        }
        if (place == 0) {
            if (!enable) return delegationHash;
            _delegations.push(delegation);
            _places[delegationHash] = _delegations.length;
        } else {
            _delegations[place - 1] = delegation;
        }
    }

    function delegateAll(address to, bytes32 rights, bool enable) external payable returns (bytes32) {
        emit DelegateAll(msg.sender, to, rights, enable);
        return _set(Delegation(DelegationType.ALL, to, msg.sender, rights, address(0), 0, 0), enable);
    }

    function delegateContract(address to, address contract_, bytes32 rights, bool enable) external payable returns (bytes32) {
        emit DelegateContract(msg.sender, to, contract_, rights, enable);
        return _set(Delegation(DelegationType.CONTRACT, to, msg.sender, rights, contract_, 0, 0), enable);
    }

    function delegateERC721(address to, address contract_, uint256 tokenId, bytes32 rights, bool enable) external payable returns (bytes32) {
        emit DelegateERC721(msg.sender, to, contract_, tokenId, rights, enable);
        return _set(Delegation(DelegationType.ERC721, to, msg.sender, rights, contract_, tokenId, 0), enable);
    }

    /// An amount above zero delegates it; zero revokes.
    function delegateERC20(address to, address contract_, bytes32 rights, uint256 amount) external payable returns (bytes32) {
        emit DelegateERC20(msg.sender, to, contract_, rights, amount);
        return _set(Delegation(DelegationType.ERC20, to, msg.sender, rights, contract_, 0, amount), amount > 0);
    }

    /// An amount above zero delegates that many units of the token id; zero revokes.
    function delegateERC1155(address to, address contract_, uint256 tokenId, bytes32 rights, uint256 amount) external payable returns (bytes32) {
        emit DelegateERC1155(msg.sender, to, contract_, tokenId, rights, amount);
        return _set(Delegation(DelegationType.ERC1155, to, msg.sender, rights, contract_, tokenId, amount), amount > 0);
    }

    /// Whether `to` holds a delegation of `type_` from `from` (empty rights, or exactly `rights`), and its amount.
    function _find(DelegationType type_, address to, address from, bytes32 rights, address contract_, uint256 tokenId)
        private
        view
        returns (bool found, uint256 amount)
    {
        for (uint256 i = 0; i < _delegations.length; i++) {
            Delegation storage d = _delegations[i];
            if (d.type_ != type_ || d.to != to || d.from != from || d.contract_ != contract_ || d.tokenId != tokenId) continue;
            if (d.rights != bytes32(0) && d.rights != rights) continue;
            return (true, d.amount);
        }
        return (false, 0);
    }

    function checkDelegateForAll(address to, address from, bytes32 rights) public view returns (bool found) {
        (found, ) = _find(DelegationType.ALL, to, from, rights, address(0), 0);
    }

    function checkDelegateForContract(address to, address from, address contract_, bytes32 rights) public view returns (bool found) {
        if (checkDelegateForAll(to, from, rights)) return true;
        (found, ) = _find(DelegationType.CONTRACT, to, from, rights, contract_, 0);
    }

    function checkDelegateForERC721(address to, address from, address contract_, uint256 tokenId, bytes32 rights)
        external
        view
        returns (bool found)
    {
        if (checkDelegateForContract(to, from, contract_, rights)) return true;
        (found, ) = _find(DelegationType.ERC721, to, from, rights, contract_, tokenId);
    }

    function checkDelegateForERC20(address to, address from, address contract_, bytes32 rights) external view returns (uint256 amount) {
        if (checkDelegateForContract(to, from, contract_, rights)) return type(uint256).max;
        (, amount) = _find(DelegationType.ERC20, to, from, rights, contract_, 0);
    }

    function checkDelegateForERC1155(address to, address from, address contract_, uint256 tokenId, bytes32 rights)
        external
        view
        returns (uint256 amount)
    {
        if (checkDelegateForContract(to, from, contract_, rights)) return type(uint256).max;
        (, amount) = _find(DelegationType.ERC1155, to, from, rights, contract_, tokenId);
    }

    function _enabled(bool incoming, address who) private view returns (Delegation[] memory list) {
        uint256 count = 0;
        for (uint256 i = 0; i < _delegations.length; i++) {
            Delegation storage d = _delegations[i];
            if (d.type_ != DelegationType.NONE && (incoming ? d.to : d.from) == who) count++;
        }
        list = new Delegation[](count);
        count = 0;
        for (uint256 i = 0; i < _delegations.length; i++) {
            Delegation storage d = _delegations[i];
            if (d.type_ != DelegationType.NONE && (incoming ? d.to : d.from) == who) list[count++] = d;
        }
    }

    /// Every enabled delegation `to` has received.
    function getIncomingDelegations(address to) external view returns (Delegation[] memory) {
        return _enabled(true, to);
    }

    /// Every enabled delegation `from` has given.
    function getOutgoingDelegations(address from) external view returns (Delegation[] memory) {
        return _enabled(false, from);
    }
}
